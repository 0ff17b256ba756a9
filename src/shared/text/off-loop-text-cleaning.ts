import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Piscina } from 'piscina';
import { isRichTextCleaned, OFF_LOOP_MIN_CHARS, rememberCleanedRichText, rememberStripped } from '../domain/text-cleaning';
import { MAX_LENGTH } from '../domain/input-limits';
import type { CleanedRichText } from './rich-text.worker';

/** The compiled worker beside this file (`dist/`); absent when the sources run under ts-jest. */
export const DEFAULT_WORKER_FILE = path.join(__dirname, 'rich-text.worker.js');

/**
 * Cleans long rich texts in a worker thread before a write begins, so that the sanitiser's ~0.5 µs a character of
 * markup never holds the event loop (a 1,000,000-character description of tags held it ~0.7 s: README "Limits and
 * timeouts"). The results wait in `text-cleaning`'s memo, where the write's own `cleanRichText` finds them; the
 * write itself, its checks and its unit of work are unchanged. One thread (two cores: the other is the loop's),
 * started at the first long text and stopped after a minute idle, so a service that never meets one never has it.
 */
export class OffLoopTextCleaning {
  private readonly pool: Piscina | null;

  /** `workerFile` null (or missing on disk): long texts are cleaned on the event loop, as before. */
  constructor(workerFile: string | null) {
    this.pool =
      workerFile !== null && existsSync(workerFile)
        ? new Piscina({ filename: workerFile, minThreads: 0, maxThreads: 1, idleTimeout: 60_000 })
        : null;
  }

  get offLoop(): boolean {
    return this.pool !== null;
  }

  /**
   * Cleans every text of `texts` long enough to matter and short enough to be accepted (longer ones are refused by the
   * input limits before anything is cleaned), one after another in the worker; resolves when all are remembered.
   */
  async preclean(texts: Iterable<string>): Promise<void> {
    if (this.pool === null) return;
    for (const text of texts) {
      if (text.length < OFF_LOOP_MIN_CHARS || text.length > MAX_LENGTH.richText || isRichTextCleaned(text)) continue;
      const { cleaned, stripped } = (await this.pool.run(text)) as CleanedRichText;
      rememberCleanedRichText(text, cleaned);
      rememberStripped(cleaned, stripped);
    }
  }

  /** Stops the worker thread with the app (Nest calls it on `app.close()`). */
  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}

/** The strings of a parsed body long enough to be cleaned off the loop, at any depth (inline venues and organizers). */
export function longTextsOf(body: unknown, found: string[] = []): string[] {
  if (typeof body === 'string') {
    if (body.length >= OFF_LOOP_MIN_CHARS) found.push(body);
  } else if (Array.isArray(body)) {
    for (const item of body) longTextsOf(item, found);
  } else if (body !== null && typeof body === 'object') {
    for (const value of Object.values(body)) longTextsOf(value, found);
  }
  return found;
}
