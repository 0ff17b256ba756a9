import { LongTextMemo } from './long-text-memo';

describe('LongTextMemo', () => {
  const text = (first: string, length: number) => first.padEnd(length, '.');

  it('keeps texts from minChars characters on, and never a shorter one', () => {
    const memo = new LongTextMemo<number>(4, 100, () => 0);
    memo.set('abc', 1);
    memo.set('abcd', 2);
    expect([memo.has('abc'), memo.get('abc'), memo.get('abcd'), memo.has('abcd')]).toEqual([false, undefined, 2, true]);
  });

  it('keeps the first result for a text', () => {
    const memo = new LongTextMemo<number>(1, 100, () => 0);
    memo.set('same', 1);
    memo.set('same', 2);
    expect(memo.get('same')).toBe(1);
  });

  it('forgets the oldest texts first once their characters would pass maxChars, and never keeps a text over it', () => {
    const memo = new LongTextMemo<string>(1, 10, () => 0);
    memo.set(text('a', 4), 'a');
    memo.set(text('b', 4), 'b');
    memo.set(text('c', 2), 'c'); // exactly 10: all kept
    expect([memo.get(text('a', 4)), memo.get(text('b', 4)), memo.get(text('c', 2))]).toEqual(['a', 'b', 'c']);
    memo.set(text('d', 3), 'd'); // 13: a goes (9), b stays
    expect([memo.has(text('a', 4)), memo.get(text('b', 4)), memo.get(text('c', 2)), memo.get(text('d', 3))]).toEqual([false, 'b', 'c', 'd']);
    memo.set(text('e', 11), 'e');
    expect([memo.has(text('e', 11)), memo.get(text('b', 4))]).toEqual([false, 'b']);
    memo.set(text('f', 10), 'f'); // everything else goes
    expect([memo.get(text('f', 10)), memo.has(text('b', 4)), memo.has(text('c', 2)), memo.has(text('d', 3))]).toEqual(['f', false, false, false]);
  });

  it('counts the results too: a cleaned text can be four times the one sent', () => {
    const memo = new LongTextMemo<string>(1, 10, (result) => result.length);
    memo.set('ab', '&lt;&lt;'); // 10: kept
    expect(memo.get('ab')).toBe('&lt;&lt;');
    memo.set('c', 'x'); // 12: ab goes
    expect([memo.has('ab'), memo.get('c')]).toEqual([false, 'x']);
    memo.set('abc', '&lt;&lt;&lt;'); // 15 alone: never kept
    expect([memo.has('abc'), memo.get('c')]).toEqual([false, 'x']);
  });
});
