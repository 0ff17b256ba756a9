import { idOfText, isIdText } from '../../../shared/domain/id-text';
import { invalidParam, InvalidParamsError, ParamProblem } from '../../../shared/domain/errors';
import { cleanPlainText, cleanRichTextParam } from '../../../shared/domain/text-cleaning';
import { slugify } from '../../../shared/domain/text';

/** Write rules shared by categories and tags (CONTRACT §11.1, §1.7). */

/** `name`: plain text, must not be empty after cleaning. */
export function cleanTermName(raw: string): string {
  const name = cleanPlainText(raw);
  if (name === '') throw invalidParam('name', 'rest_empty_value');
  return name;
}

/**
 * `description`: rich text; JSON null empties it (extension). `""` is refused by parameter validation; a text too long
 * as stored here (`cleanRichTextParam`).
 */
export function cleanTermDescription(raw: string | null): string {
  const problems: ParamProblem[] = [];
  const stored = cleanRichTextParam('description', raw ?? '', problems);
  throwProblems(problems);
  return stored;
}

/** The slug rule of §9.4 ('' when nothing remains: the caller then uses the term id). */
export const termSlugBase = (text: string): string => slugify(text);

/**
 * Items of `include`/`exclude`/event term lists: digits are ids, anything else a slug or name. An item of digits names
 * a term by id however many digits it has (§9.6; a long one names nothing, §1.3): it is never a name, so
 * `0000000000000163` is tag 163 and `9999999999999999` an unknown reference, not a new term.
 */
export const isIdReference = isIdText;
/** The term id an id reference names (0 = none can exist). */
export const termIdOf = idOfText;

export function throwProblems(problems: ParamProblem[]): void {
  if (problems.length > 0) throw new InvalidParamsError(problems);
}
