import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import {
  isRichTextCleaned,
  knownPlainForms,
  OFF_LOOP_MIN_CHARS,
  type PlainForms,
  rememberCleanedRichText,
  rememberPlainForms,
  rememberTooCostlyRichText,
} from '../domain/text-cleaning';
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
  /**
   * Tasks go to the thread one at a time (it is one thread anyway): when a thread dies with tasks queued behind its own
   * (out of its heap), piscina (minThreads 0) starts no other for them, and they, and every later one, waited for ever
   * — a probe's two concurrent writes of 900,000 characters of `<b>` left all later long writes hanging.
   */
  private queue: Promise<unknown> = Promise.resolve();

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
      if (worked === OUT_OF_HEAP) rememberTooCostlyRichText(text); // refused as too long, not cleaned on the loop
      if (worked === undefined || worked === OUT_OF_HEAP || worked.cleaned === undefined) continue;
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
      const forms = knownPlainForms(html) ?? formsOf(await this.work({ text: html, stored: true }));
      if (forms === undefined) continue;
      rememberPlainForms(html, forms);
      prepared.set(html, forms);
    }
    return prepared;
  }

  /**
   * The worker's answer, after the tasks sent before it; undefined without a worker, or when it failed (not answering
   * within a minute, say): the text is then worked on the loop, as before. `OUT_OF_HEAP` when the thread ran out of its
   * heap on this text: working on it on the loop would hold it for seconds, with the process' own heap at stake.
   */
  private work(task: RichTextTask): Promise<WorkedRichText | typeof OUT_OF_HEAP | undefined> {
    const turn = this.queue.then(() => this.workNow(task));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async workNow(task: RichTextTask): Promise<WorkedRichText | typeof OUT_OF_HEAP | undefined> {
    if (this.pool === null || !this.offLoop) return undefined;
    // A timer of our own: a composite of AbortSignal.timeout (AbortSignal.any) could be collected before it fired.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error(`no answer within ${TASK_TIMEOUT_MS / 1000} s`)), TASK_TIMEOUT_MS);
    const stop = () => timeout.abort(new Error('the text worker failed'));
    this.broken.signal.addEventListener('abort', stop, { once: true });
    try {
      return (await this.pool.run(task, { signal: timeout.signal })) as WorkedRichText;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.logger.warn(`a long rich text ran the text worker out of its heap: refused as too long (${task.text.length} characters)`);
        return OUT_OF_HEAP;
      }
      this.logger.warn(`a long text is left to the event loop: ${messageOf(error)}`);
      return undefined;
    } finally {
      clearTimeout(timer);
      this.broken.signal.removeEventListener('abort', stop);
    }
  }

  /** Stops the worker thread with the app (Nest calls it on `app.close()`). */
  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}

/** A task runs at most this long before its text is left to the loop. */
const TASK_TIMEOUT_MS = 60_000;

/** The thread ran out of its heap on the text. */
const OUT_OF_HEAP = Symbol('out of heap');

/** The plain forms a read needs, when the thread worked them out (a stored text it could not: left to the loop). */
const formsOf = (worked: WorkedRichText | typeof OUT_OF_HEAP | undefined): PlainForms | undefined =>
  worked === undefined || worked === OUT_OF_HEAP ? undefined : worked.forms;

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
