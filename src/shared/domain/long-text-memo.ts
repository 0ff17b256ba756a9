/**
 * Results worked out for long texts, by the text: bounded by the characters of the texts it holds (the results are no
 * longer than their texts here), the oldest forgotten first. Shorter texts than `minChars` are never kept.
 */
export class LongTextMemo<T> {
  private readonly entries = new Map<string, T>();
  private chars = 0;

  constructor(
    private readonly minChars: number,
    private readonly maxChars: number,
  ) {}

  get(text: string): T | undefined {
    return this.entries.get(text);
  }

  has(text: string): boolean {
    return this.get(text) !== undefined;
  }

  set(text: string, result: T): void {
    if (text.length < this.minChars || text.length > this.maxChars || this.entries.has(text)) return;
    for (const [oldest] of this.entries) {
      if (this.chars + text.length <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
    this.entries.set(text, result);
    this.chars += text.length;
  }
}
