import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  cleanRichText,
  cleanRichTextNow,
  isRichTextCleaned,
  longRichTextsWorkedOnLoop,
  knownPlainForms,
  OFF_LOOP_MIN_CHARS,
  plainFormsNow,
  rememberPlainForms,
  rememberCleanedRichText,
  richTextToPlain,
  stripMarkup,
} from '../../src/shared/domain/text-cleaning';
import { longTextsOf, OffLoopTextCleaning } from '../../src/shared/text/off-loop-text-cleaning';
import { builtTextCleaningWorker } from '../support/service-process';

/** Markup-dense text of about `chars` characters: what held the event loop ~0.7 s per 1,000,000 characters. */
const tags = (chars: number, seed = 'x') => {
  const unit = '<b>x</b><i class="c">y</i><script>z</script>&amp; <'.replace('x', seed);
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
};

/** Pieces of rich text, joined into texts long enough to be cleaned off the loop. */
const piece = fc.constantFrom('<p>', '</p>', '<b>', '</b>', '<a href="javascript:x">', '<a href="https://e.test/?a=1&b=2">', '</a>',
  '<img src=x onerror=alert(1)>', '<script>', '</script>', '&amp;', '&lt;', '&', '<', '>', '"', 'é', '\u0000', '\u001b', ' ', '\n', 'text',
  '<!-- c -->', '<style>p{}</style>', '<table><tr><td>', '</td></tr></table>', '<br/>', '<div class="k" id="i">');
const longRichText = fc.array(piece, { minLength: 1, maxLength: 60 }).map((parts) => {
  const unit = parts.join('');
  return unit.repeat(Math.ceil(OFF_LOOP_MIN_CHARS / unit.length) + 1);
});

describe('long rich texts are cleaned off the event loop (OffLoopTextCleaning)', () => {
  let cleaning: OffLoopTextCleaning;

  beforeAll(() => {
    cleaning = new OffLoopTextCleaning(builtTextCleaningWorker());
  }, 120_000);
  afterAll(async () => cleaning.onModuleDestroy());

  it('uses a worker thread when its compiled file exists, and the event loop otherwise', async () => {
    expect(cleaning.offLoop).toBe(true);
    const inline = new OffLoopTextCleaning('/nonexistent/rich-text.worker.js');
    expect(inline.offLoop).toBe(false);
    const text = tags(OFF_LOOP_MIN_CHARS, 'inline');
    await inline.preclean([text]);
    expect(isRichTextCleaned(text)).toBe(false);
    const before = longRichTextsWorkedOnLoop();
    expect(cleanRichText(text)).toBe(cleanRichTextNow(text));
    expect(longRichTextsWorkedOnLoop()).toBe(before + 1);
  });

  it('stores exactly what the event loop would have stored, and json_ld shows exactly what it would have shown', async () => {
    await fc.assert(
      fc.asyncProperty(longRichText, async (text) => {
        const before = longRichTextsWorkedOnLoop();
        await cleaning.preclean([text]);
        const cleaned = cleanRichText(text);
        expect(longRichTextsWorkedOnLoop()).toBe(before); // found cleaned, not cleaned again here
        expect(cleaned).toBe(cleanRichTextNow(text));
        // The plain forms of what is stored came with it: the write's answer and the first read show them.
        const forms = plainFormsNow(cleanRichTextNow(text));
        expect([richTextToPlain(cleaned), stripMarkup(cleaned)]).toEqual([forms.plain, forms.stripped]);
        expect(longRichTextsWorkedOnLoop()).toBe(before);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('works out the plain forms a read shows of a long stored text (iCalendar, json_ld) exactly as the loop would', async () => {
    await fc.assert(
      fc.asyncProperty(longRichText, fc.constantFrom('&lt;', '<p>&lt;b&gt;</p>', '&nbsp;<br>'), async (text, prefix) => {
        const stored = `${prefix}${cleanRichTextNow(text)}`; // e.g. written behind the service's back: never seen before
        const before = longRichTextsWorkedOnLoop();
        await cleaning.prepareReading([stored, 'short']);
        const forms = plainFormsNow(stored);
        expect([richTextToPlain(stored), stripMarkup(stored)]).toEqual([forms.plain, forms.stripped]);
        expect(longRichTextsWorkedOnLoop()).toBe(before);
      }),
      { numRuns: 30 },
    );
    // Not prepared: worked on the loop, once for both forms — from exactly OFF_LOOP_MIN_CHARS characters on.
    const atThreshold = (first: string) => first.padEnd(OFF_LOOP_MIN_CHARS, '<');
    const before = longRichTextsWorkedOnLoop();
    expect(stripMarkup(atThreshold('a'))).toBe(plainFormsNow(atThreshold('a')).stripped);
    expect(longRichTextsWorkedOnLoop()).toBe(before + 1);
    expect(richTextToPlain(atThreshold('a'))).toBe(plainFormsNow(atThreshold('a')).plain);
    expect(longRichTextsWorkedOnLoop()).toBe(before + 1);
    expect(richTextToPlain(atThreshold('b'))).toBe(plainFormsNow(atThreshold('b')).plain);
    expect(longRichTextsWorkedOnLoop()).toBe(before + 2);
    expect(stripMarkup(atThreshold('b'))).toBe(plainFormsNow(atThreshold('b')).stripped);
    expect(longRichTextsWorkedOnLoop()).toBe(before + 2);
    const short = atThreshold('c').slice(1);
    expect([richTextToPlain(short), stripMarkup(short)]).toEqual([plainFormsNow(short).plain, plainFormsNow(short).stripped]);
    expect(longRichTextsWorkedOnLoop()).toBe(before + 2);
  }, 120_000);

  it('leaves the event loop free while it cleans: timers keep firing during a 1,000,000-character text of tags', async () => {
    const text = tags(990_000, 'loop');
    let turns = 0;
    const tick = setInterval(() => turns++, 1);
    await cleaning.preclean([text]);
    clearInterval(tick);
    // Cleaned on the loop (before this change) the same text took ~0.7 s of one uninterrupted turn: no tick at all.
    expect(turns).toBeGreaterThan(0);
    expect(isRichTextCleaned(text)).toBe(true);
    expect(cleanRichText(text)).toBe(cleanRichTextNow(text));
  }, 60_000);

  it('skips short texts (cleaned in microseconds) and texts over the rich-text limit (refused before any cleaning)', async () => {
    const short = tags(OFF_LOOP_MIN_CHARS - 1, 'short');
    const tooLong = 'a'.repeat(1_000_001);
    await cleaning.preclean([short, tooLong]);
    expect(isRichTextCleaned(short)).toBe(false);
    expect(isRichTextCleaned(tooLong)).toBe(false);
  });
});

/** Runs `use` with an OffLoopTextCleaning whose worker file holds `source`, then stops it and removes the file. */
async function withWorkerFile(source: string, use: (cleaning: OffLoopTextCleaning) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-worker-'));
  const file = path.join(dir, 'worker.js');
  fs.writeFileSync(file, source);
  const cleaning = new OffLoopTextCleaning(file);
  try {
    await use(cleaning);
  } finally {
    await cleaning.onModuleDestroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('a worker thread that fails', () => {
  it('leaves the text to the event loop, as before: the same answer, never an error', async () => {
    await withWorkerFile("module.exports = () => { throw new Error('out of its heap'); };", async (failing) => {
      expect(failing.offLoop).toBe(true);
      const text = tags(OFF_LOOP_MIN_CHARS + 10, 'failing');
      await expect(failing.preclean([text])).resolves.toBeUndefined();
      await expect(failing.prepareReading([text])).resolves.toEqual(new Map());
      expect(isRichTextCleaned(text)).toBe(false);
      const before = longRichTextsWorkedOnLoop();
      expect(cleanRichText(text)).toBe(cleanRichTextNow(text));
      expect(stripMarkup(text)).toBe(plainFormsNow(text).stripped);
      expect(longRichTextsWorkedOnLoop()).toBe(before + 2);
    });
  });
});

describe('a worker thread that cannot start', () => {
  it('is given up for the event loop: every task settles, later ones do not wait, nothing is thrown', async () => {
    await withWorkerFile("throw new Error('a broken build');", async (broken) => {
      const text = tags(OFF_LOOP_MIN_CHARS + 20, 'broken');
      await expect(broken.preclean([text])).resolves.toBeUndefined();
      expect(broken.offLoop).toBe(false);
      await expect(broken.prepareReading([text])).resolves.toEqual(new Map());
      expect(cleanRichText(text)).toBe(cleanRichTextNow(text));
    });
  }, 30_000);
});

describe('the cleaned texts kept for their writes', () => {
  it('keeps only long texts, and forgets the oldest beyond 8,000,000 characters of texts and results', () => {
    const short = '<b>short</b>';
    rememberCleanedRichText(short, 'forged');
    expect(isRichTextCleaned(short)).toBe(false);
    const before = longRichTextsWorkedOnLoop();
    expect(cleanRichText(short)).toBe('<b>short</b>');
    expect(longRichTextsWorkedOnLoop()).toBe(before); // a short text is not a long one cleaned on the loop
    const atThreshold = 'b'.repeat(OFF_LOOP_MIN_CHARS);
    rememberCleanedRichText(atThreshold, 'kept');
    expect(cleanRichText(atThreshold)).toBe('kept');
    expect(cleanRichText(atThreshold.slice(1))).toBe(atThreshold.slice(1));
    const texts = Array.from({ length: 9 }, (_, i) => `${i}`.padEnd(1_000_000, 'z'));
    texts.forEach((text, i) => rememberCleanedRichText(text, `cleaned ${i}`));
    // Each entry counts its text and its result (1,000,009 characters): seven fit in 8,000,000, the newest ones.
    expect(texts.map(isRichTextCleaned)).toEqual([false, false, true, true, true, true, true, true, true]);
    expect(cleanRichText(texts[8])).toBe('cleaned 8');
  });
});

describe('the plain forms kept for reads', () => {
  it('count both forms against their bound: two texts with 6,000,000 characters of forms each are not both kept', () => {
    const [first, second] = ['p', 'q'].map((c) => c.repeat(OFF_LOOP_MIN_CHARS));
    const forms = (c: string) => ({ plain: c.repeat(3_000_000), stripped: c.repeat(3_000_000) });
    rememberPlainForms(first, forms('a'));
    expect(knownPlainForms(first)?.plain).toHaveLength(3_000_000);
    rememberPlainForms(second, forms('b'));
    expect([knownPlainForms(first), knownPlainForms(second)?.stripped]).toEqual([undefined, 'b'.repeat(3_000_000)]);
  });
});

describe('longTextsOf', () => {
  it('finds the long rich texts of a body at any depth (inline venues and organizers) and nothing else', () => {
    const long = 'd'.repeat(OFF_LOOP_MIN_CHARS);
    const longer = 'e'.repeat(OFF_LOOP_MIN_CHARS + 1);
    const body = { title: long, description: long, venue: [{ venue: longer, excerpt: longer }, 7], organizer: { description: 'short' }, n: null, flag: true };
    expect(longTextsOf(body)).toEqual([long, longer]); // only rich-text fields: plain ones over 1,000 characters are refused
    expect(longTextsOf({ description: 'd'.repeat(OFF_LOOP_MIN_CHARS - 1) })).toEqual([]);
    expect(longTextsOf(undefined)).toEqual([]);
  });
});
