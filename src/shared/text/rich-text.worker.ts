import { cleanRichTextNow, plainFormsNow, type PlainForms } from '../domain/text-cleaning';

/** One long rich text for a worker thread: as sent by a write (to be cleaned), or as stored (to be read). */
export interface RichTextTask {
  text: string;
  stored: boolean;
}

/** What it answers: the text cleaned for storing (a write's), and the plain forms a read shows of the stored text. */
export interface WorkedRichText {
  cleaned?: string;
  forms: PlainForms;
}

/**
 * The task a worker thread of `OffLoopTextCleaning` runs (piscina calls the module's default export): the same
 * functions the event loop would run, so what is stored and shown cannot differ.
 */
export default function workOnRichText({ text, stored }: RichTextTask): WorkedRichText {
  if (stored) return { forms: plainFormsNow(text) };
  const cleaned = cleanRichTextNow(text);
  return { cleaned, forms: plainFormsNow(cleaned) };
}
