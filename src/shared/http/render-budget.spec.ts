import { RenderBudget } from './render-budget';

describe('RenderBudget', () => {
  const tick = () => new Promise((r) => setImmediate(r));

  it('lets renders run together while they fit, and the next waits until enough is given back', async () => {
    const budget = new RenderBudget(100);
    const first = await budget.take(60);
    const second = await budget.take(40);
    let third = false;
    const waiting = budget.take(50).then((release) => {
      third = true;
      return release;
    });
    await tick();
    expect(third).toBe(false);
    first();
    first(); // twice gives back once
    await tick();
    expect(third).toBe(true);
    second();
    (await waiting)();
    expect(await Promise.race([budget.take(100).then(() => 'taken'), tick().then(() => 'waiting')])).toBe('taken');
  });

  it('serves in arrival order: a small render does not pass a large one that waits', async () => {
    const budget = new RenderBudget(100);
    const held = await budget.take(90);
    const order: string[] = [];
    const large = budget.take(80).then((r) => (order.push('large'), r));
    const small = budget.take(5).then((r) => (order.push('small'), r));
    await tick();
    expect(order).toEqual([]);
    held();
    (await large)();
    (await small)();
    expect(order).toEqual(['large', 'small']);
  });

  it('a render larger than the whole budget runs alone instead of never', async () => {
    const budget = new RenderBudget(100);
    const huge = await budget.take(10_000);
    let other = false;
    void budget.take(1).then(() => (other = true));
    await tick();
    expect(other).toBe(false);
    huge();
    await tick();
    expect(other).toBe(true);
  });
});
