/**
 * Results worked out for long texts, by the text: bounded by the characters of the texts and results it holds (a
 * cleaned text can be four times longer than the one sent), the oldest forgotten first. Shorter texts than `minChars`
 * are never kept, nor an entry bigger than the whole bound.
 */
export class LongTextMemo<T> {
  private readonly entries = new Map<string, { result: T; chars: number }>();
  private chars = 0;

  constructor(
    private readonly minChars: number,
    private readonly maxChars: number,
    private readonly charsOf: (result: T) => number,
  ) {}

  get(text: string): T | undefined {
    return this.entries.get(text)?.result;
  }

  has(text: string): boolean {
    return this.entries.has(text);
  }

  set(text: string, result: T): void {
    const chars = text.length + this.charsOf(result);
    if (text.length < this.minChars || chars > this.maxChars || this.entries.has(text)) return;
    for (const [oldest, entry] of this.entries) {
      if (this.chars + chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
    this.entries.set(text, { result, chars });
    this.chars += chars;
  }
}
