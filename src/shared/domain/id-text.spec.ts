import { idOfText, isIdText } from './id-text';

describe('ids written as text (CONTRACT §1.3)', () => {
  it.each([
    ['7', 7],
    ['007', 7],
    ['0000000000000163', 163],
    ['123456789012345', 123456789012345],
    ['0123456789012345', 123456789012345],
    ['1234567890123456', 0],
    ['9999999999999999', 0],
    ['0', 0],
    ['000', 0],
  ])('%s names %i', (text, id) => {
    expect(isIdText(text)).toBe(true);
    expect(idOfText(text)).toBe(id);
  });

  it.each(['', ' 7', '7 ', '-1', '1.5', '1e3', '0x1', '٣', 'a7'])('%j is no id', (text) => {
    expect(isIdText(text)).toBe(false);
  });
});
