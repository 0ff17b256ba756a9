import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import { isRichTextCleaned, knownPlainForms, OFF_LOOP_MIN_CHARS, type PlainForms, rememberCleanedRichText, rememberPlainForms } from '../domain/text-cleaning';
import { exceedsLength, MAX_LENGTH } from '../domain/input-limits';
import type { RichTextTask, WorkedRichText } from './rich-text.worker';

/** The compiled worker beside this file (`dist/`); absent when the sources run under ts-jest. */
export const DEFAULT_WORKER_FILE = path.join(__dirname, 'rich-text.worker.js');

/**
 * The thread's heap: with V8's defaults two writes of 960,000 characters of tags took the process to 279 MB of RSS
 * (215 MB when the loop cleaned them); with these 205 MB, and a 4,000,000-character stored text is still made plain.
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 };

/**
 * Works on long rich texts in a worker thread, so that the sanitiser's ~0.5 µs a character of markup never holds the
 * event loop: a write's texts are cleaned before it begins (a 1,000,000-character description of tags held the loop
 * ~0.7 s), and the plain forms of stored texts (iCalendar DESCRIPTION, json_ld description) are worked out before a
 * read presents them (README "Limits and timeouts"). The results wait in `text-cleaning`'s memos, where the write's
 * own `cleanRichText` and the presenters' `richTextToPlain`/`stripMarkup` find them; the writes, reads and presenters
 * are otherwise unchanged. One thread (two cores: the other is the loop's), started at the first long text and stopped
 * after a minute idle, so a service that never meets one never has it.
 */
export class OffLoopTextCleaning {
  private readonly logger = new Logger('OffLoopTextCleaning');
  private readonly pool: Piscina | null;
  /** Aborts every task when the thread cannot start (piscina then never settles them, and starts no other). */
  private readonly broken = new AbortController();

  /** `workerFile` null (or missing on disk): long texts are cleaned on the event loop, as before. */
  constructor(workerFile: string | null) {
    this.pool =
      workerFile !== null && existsSync(workerFile)
        ? new Piscina({ filename: workerFile, minThreads: 0, maxThreads: 1, idleTimeout: 60_000, resourceLimits: WORKER_HEAP })
        : null;
    // Without a listener a thread that fails to start (a broken build, say) would be an uncaught exception.
    this.pool?.on('error', (error: unknown) => {
      this.logger.error(`the text worker failed: long texts are worked on the event loop from now on (${messageOf(error)})`);
      this.broken.abort();
    });
  }

  get offLoop(): boolean {
    return this.pool !== null && !this.broken.signal.aborted;
  }

  /**
   * Cleans every long text of `texts` that may be accepted (`exceedsLength`: longer ones are refused by the input
   * limits before anything is cleaned), one after another in the worker; resolves when all are remembered, with the
   * plain forms of what will be stored (so the write's answer and the first read show them at no cost).
   */
  async preclean(texts: Iterable<string>): Promise<void> {
    for (const text of texts) {
      if (text.length < OFF_LOOP_MIN_CHARS || exceedsLength(text, MAX_LENGTH.richText) || isRichTextCleaned(text)) continue;
      const worked = await this.work({ text, stored: false });
      if (worked?.cleaned === undefined) continue;
      rememberCleanedRichText(text, worked.cleaned);
      rememberPlainForms(worked.cleaned, worked.forms);
    }
  }

  /**
   * The plain forms (iCalendar DESCRIPTION, json_ld description) of every long stored rich text of `htmls`, worked out
   * in the worker when not known yet, before a read presents them: an anonymous read of an event whose description was
   * 4 MB of escaped `<` held the event loop ~1.2 s (json_ld) and ~2.6 s (iCalendar) on every read once such texts no
   * longer fitted the memo (found by a probe, 2026-11-27). Also remembered (`richTextToPlain`, `stripMarkup` find them);
   * the map is for a presenter of many texts (a feed), whose first ones the memo may have let go by its last.
   */
  async prepareReading(htmls: Iterable<string>): Promise<Map<string, PlainForms>> {
    const prepared = new Map<string, PlainForms>();
    for (const html of htmls) {
      if (html.length < OFF_LOOP_MIN_CHARS || prepared.has(html)) continue;
      const forms = knownPlainForms(html) ?? (await this.work({ text: html, stored: true }))?.forms;
      if (forms === undefined) continue;
      rememberPlainForms(html, forms);
      prepared.set(html, forms);
    }
    return prepared;
  }

  /**
   * The worker's answer; undefined without a worker, or when it failed (out of its heap, say, or not answering within
   * a minute): the text is then worked on the loop, as before.
   */
  private async work(task: RichTextTask): Promise<WorkedRichText | undefined> {
    if (this.pool === null || !this.offLoop) return undefined;
    try {
      const signal = AbortSignal.any([this.broken.signal, AbortSignal.timeout(TASK_TIMEOUT_MS)]);
      return (await this.pool.run(task, { signal })) as WorkedRichText;
    } catch (error) {
      this.logger.warn(`a long text is left to the event loop: ${messageOf(error)}`);
      return undefined;
    }
  }

  /** Stops the worker thread with the app (Nest calls it on `app.close()`). */
  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}

/** A task waits at most this long (queue included) before its text is left to the loop. */
const TASK_TIMEOUT_MS = 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The rich-text fields of a write body. */
const RICH_TEXT_FIELDS = new Set(['description', 'excerpt']);

/**
 * The long rich texts of a parsed body (`description`, `excerpt`), at any depth: inline venues and organizers too.
 * Other fields are plain text of at most 1,000 characters, refused before they are cleaned when longer.
 */
export function longTextsOf(body: unknown, found: string[] = []): string[] {
  if (Array.isArray(body)) {
    for (const item of body) longTextsOf(item, found);
  } else if (body !== null && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string') {
        if (RICH_TEXT_FIELDS.has(key) && value.length >= OFF_LOOP_MIN_CHARS) found.push(value);
      } else longTextsOf(value, found);
    }
  }
  return found;
}
