import { cleanRichTextNow, stripMarkup } from '../domain/text-cleaning';

/** What a worker thread answers for one long rich text: the text cleaned for storing, and that as json_ld shows it. */
export interface CleanedRichText {
  cleaned: string;
  stripped: string;
}

/**
 * The task a worker thread of `OffLoopTextCleaning` runs (piscina calls the module's default export): the same
 * functions the event loop would run, so what is stored cannot differ.
 */
export default function cleanInWorker(input: string): CleanedRichText {
  const cleaned = cleanRichTextNow(input);
  return { cleaned, stripped: stripMarkup(cleaned) };
}
