import { batchedById, sharedPerTurn } from './batched-reads';

describe('batchedById (issue 18: single reads that arrive together share one statement)', () => {
  const setup = () => {
    const batches: number[][] = [];
    const read = batchedById(async (ids) => {
      batches.push(ids);
      return new Map(ids.filter((id) => id % 2 === 1).map((id) => [id, { id }]));
    });
    return { read, batches };
  };

  it('joins the reads of one turn of the event loop into one load, each answered with its own row or null', async () => {
    const { read, batches } = setup();
    const answers = await Promise.all([read(1), read(2), read(3), read(3)]);
    expect(answers).toEqual([{ id: 1 }, null, { id: 3 }, { id: 3 }]);
    expect(batches).toEqual([[1, 2, 3]]); // an id asked twice is read once
  });

  it('waits for the sockets read in the same turn (setImmediate), and remembers nothing between batches', async () => {
    const { read, batches } = setup();
    const first = read(5);
    await Promise.resolve(); // other requests of the same turn still join
    const second = read(7);
    expect(await Promise.all([first, second])).toEqual([{ id: 5 }, { id: 7 }]);
    expect(await read(5)).toEqual({ id: 5 });
    expect(batches).toEqual([[5, 7], [5]]);
  });

  it('sends at most 100 ids a statement', async () => {
    const { read, batches } = setup();
    await Promise.all(Array.from({ length: 150 }, (_, i) => read(i + 1)));
    expect(batches.map((ids) => ids.length)).toEqual([100, 50]);
  });
});

describe('sharedPerTurn (issue 18: list pages that arrive together share one read of the data version)', () => {
  it('answers the reads of one turn with one load, and loads again for a later turn', async () => {
    let loads = 0;
    const read = sharedPerTurn(async () => ++loads);
    const first = read();
    await Promise.resolve(); // a request of the same turn still joins
    expect(await Promise.all([first, read(), read()])).toEqual([1, 1, 1]);
    expect(await read()).toBe(2); // never a value loaded before the caller asked
    expect(loads).toBe(2);
  });

  it('gives every reader of a failed load its error', async () => {
    const read = sharedPerTurn(async () => {
      throw new Error('gone');
    });
    await expect(Promise.all([read(), read()])).rejects.toThrow('gone');
  });
});
