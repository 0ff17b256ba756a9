import type { ParamProblem } from './errors';
import { MAX_LENGTH } from './input-limits';
import {
  cleanPlainText,
  cleanRichText,
  cleanRichTextNow,
  cleanRichTextParam,
  longRichTextsWorkedOnLoop,
  OFF_LOOP_MIN_CHARS,
  rememberTooCostlyRichText,
  richTextToPlain,
  stripMarkup,
} from './text-cleaning';

/**
 * CONTRACT §1.7, row by row, as a table: every kept tag, every tag removed with its content, the attributes kept and
 * removed, and the URL schemes an `href` or a `src` may use (issue 19: the `src` check had no test of its own).
 * Expected outputs are written out by hand, not computed.
 */
const KEPT_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'cite', 'code', 'del', 'div', 'em', 'figure', 'figcaption', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'i', 'ins', 'li', 'ol', 'p', 'pre', 'q', 's', 'span', 'strong', 'sub', 'sup', 'table', 'thead', 'tbody',
  'tfoot', 'tr', 'th', 'td', 'u', 'ul',
];
const VOID_KEPT = ['br', 'hr', 'img'];
const REMOVED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'template'];
const REMOVED_TEXT_KEPT = ['font', 'center', 'marquee', 'form', 'button', 'input', 'video', 'audio', 'svg', 'math', 'section', 'article', 'nav', 'header', 'footer', 'main', 'dl', 'dt', 'dd', 'small', 'mark', 'kbd', 'var', 'label', 'select', 'option', 'custom-element'];

describe('rich text (CONTRACT §1.7)', () => {
  it.each(KEPT_TAGS)('keeps <%s> with its class', (tag) => {
    expect(cleanRichText(`<${tag} class="x">t</${tag}>`)).toBe(`<${tag} class="x">t</${tag}>`);
  });

  it.each(VOID_KEPT)('keeps the empty element <%s>', (tag) => {
    expect(cleanRichText(`<${tag}>`)).toBe(`<${tag} />`);
  });

  it.each(REMOVED_WITH_CONTENT)('removes <%s> together with its content', (tag) => {
    expect(cleanRichText(`a<${tag}>alert(1)</${tag}>b`)).toBe('ab');
  });

  it('removes <embed> (an empty element: what follows it is text of the parent)', () => {
    expect(cleanRichText('a<embed src="x.swf">b')).toBe('ab');
  });

  it('removes HTML comments', () => {
    expect(cleanRichText('a<!-- secret --><b>b</b>')).toBe('a<b>b</b>');
  });

  it.each(REMOVED_TEXT_KEPT)('removes <%s> and keeps its text', (tag) => {
    expect(cleanRichText(`<div><${tag}>text</${tag}></div>`)).toBe('<div>text</div>');
  });

  it.each([
    ['a', 'href="https://e.com/" title="t" target="_blank" rel="noopener"'],
    ['img', 'src="https://e.com/a.png" alt="a" title="t" width="1" height="2"'],
    ['th', 'colspan="2" rowspan="3"'],
    ['td', 'colspan="2" rowspan="3"'],
  ])('keeps the attributes of <%s> the contract lists', (tag, attributes) => {
    const html = tag === 'img' ? `<img ${attributes} />` : `<table><tr><${tag} ${attributes}>x</${tag}></tr></table>`;
    const sent = tag === 'a' ? `<a ${attributes}>x</a>` : html;
    expect(cleanRichText(sent)).toBe(sent);
  });

  it.each([
    ['an on* handler', '<p onclick="x()" onmouseover="y()">t</p>', '<p>t</p>'],
    ['style', '<p style="color:red">t</p>', '<p>t</p>'],
    ['id and data-*', '<span id="i" data-x="1">t</span>', '<span>t</span>'],
    ['an attribute of another tag', '<p href="https://e.com/" src="x" colspan="2">t</p>', '<p>t</p>'],
    ['width on a table cell', '<table><tr><td width="9">t</td></tr></table>', '<table><tr><td>t</td></tr></table>'],
    ['onerror on an image', '<img src="https://e.com/a.png" onerror="alert(1)">', '<img src="https://e.com/a.png" />'],
  ])('removes %s', (_what, sent, kept) => {
    expect(cleanRichText(sent)).toBe(kept);
  });

  describe.each(['href', 'src'])('URL schemes of %s', (attribute) => {
    const tag = attribute === 'href' ? 'a' : 'img';
    const element = (url: string) => (tag === 'a' ? `<a ${attribute}="${url}">x</a>` : `<img ${attribute}="${url}" />`);
    const bare = tag === 'a' ? '<a>x</a>' : '<img />';
    it.each(['http://e.com/a.png', 'https://e.com/a.png', 'mailto:a@e.com', 'tel:+34123', '/relative/a.png', 'a.png', '//cdn.e.com/a.png', '#top'])(
      'keeps %s',
      (url) => expect(cleanRichText(element(url))).toBe(element(url)),
    );
    it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'data:image/png;base64,AAAA', 'data:text/html,<script>x</script>', 'vbscript:x', 'file:///etc/passwd', 'ftp://e.com/a.png'])(
      'drops the attribute for %s',
      (url) => expect(cleanRichText(element(url.replace(/"/g, '&quot;')))).toBe(bare),
    );
  });

  it('trims, keeps entities that markup needs and a bare & as typed', () => {
    expect(cleanRichText('  <p>Rock &amp; Roll <b>&lt;3</b></p>  ')).toBe('<p>Rock & Roll <b>&lt;3</b></p>');
  });
});

describe('plain text (CONTRACT §1.7)', () => {
  it.each([
    ['every tag removed, text kept', '<b>Bold</b> <i>move</i>', 'Bold move'],
    ['script and style with their content', 'a<script>alert(1)</script><style>p{}</style>b', 'ab'],
    ['line breaks and tabs become single spaces, then trimmed', '  one\r\ntwo\tthree  ', 'one two three'],
    ['no entity encoding', 'Rock & Roll <3', 'Rock & Roll <3'],
    ['entities decoded', 'Rock &amp; Roll &quot;live&quot;', 'Rock & Roll "live"'],
    ['an attribute-borne script', '<img src=x onerror=alert(1)>Hall', 'Hall'],
  ])('%s', (_rule, sent, kept) => {
    expect(cleanPlainText(sent)).toBe(kept);
  });
});

describe('plain text and stripped markup (CONTRACT §1.7, §6.10)', () => {
  it('decodes the entities the sanitiser writes, and leaves others as they are', () => {
    expect(cleanPlainText('a &amp; b &lt; c &gt; "d" \'e\'')).toBe('a & b < c > "d" \'e\'');
    // Cleaned until nothing changes, so an entity escaped twice is decoded twice, as a second write would decode it.
    expect(cleanPlainText('&#39; &#x27; &quot; &amp;copy;')).toBe('\' \' " ©');
  });

  it('never lets decoding bring a tag back: escaped markup is removed as markup is (a black-box probe, 2026-11-27)', () => {
    expect(cleanPlainText('&lt;script&gt;alert(1)&lt;/script&gt;Title')).toBe('Title');
    expect(cleanPlainText('&lt;b&gt;Bold&lt;/b&gt; &amp;lt;i&amp;gt;twice&amp;lt;/i&amp;gt;')).toBe('Bold twice');
    expect(cleanPlainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('');
    expect(cleanPlainText('a &lt;c&gt; b')).toBe('a b');
  });

  it('keeps a cleaned text as it is when it is sent again (a value returned by a read can be written back)', () => {
    for (const sent of ['&amp;lt;b&amp;gt;x', 'Rock &amp;amp; Roll', '5 &lt; 6 &amp;&amp; 7 &gt; 2', '&lt;3 you', 'a &lt;c&gt; b', 'Tom &amp; Jerry']) {
      const once = cleanPlainText(sent);
      expect(cleanPlainText(once)).toBe(once);
    }
  });

  it('collapses line breaks, tabs and runs of spaces to one space', () => {
    expect(cleanPlainText(' a\r\n\tb   c \n\n d ')).toBe('a b c d');
  });

  it('removes control characters other than white space, in plain and in rich text (a black-box probe, 2026-11-27)', () => {
    expect(cleanPlainText('\u0000')).toBe('');
    expect(cleanPlainText('a\u0000b\u0001c\u0008d\u000ee\u001b[31mf\u001fg\u007fh\u0080i\u0084j\u0086k\u009fl')).toBe('abcde[31mfghijkl');
    expect(cleanPlainText('one\ttwo\u0085three')).toBe('one two three'); // white space stays white space
    expect(cleanRichText('<p>a\u0000b\u001b</p>\n<p>c\u0007\u009f\u00a0</p>')).toBe('<p>ab</p>\n<p>c\u00a0</p>');
  });

  it('takes every Unicode line terminator for a line break: VT, FF, NEL, line and paragraph separators', () => {
    for (const br of ['\v', '\f', '\u0085', '\u2028', '\u2029']) expect(cleanPlainText(`one${br}two ${br} three${br}`)).toBe('one two three');
    expect(cleanPlainText('no\u00a0break')).toBe('no\u00a0break'); // a no-break space is not a line break
  });

  it('json_ld text: markup removed and every run of whitespace one space, the same on every read', () => {
    expect(stripMarkup('<p>Hello</p>\u00a0<p>world</p>')).toBe('Hello world');
    expect(stripMarkup('<p>Hello</p>\u00a0<p>world</p>')).toBe('Hello world');
    expect(stripMarkup('a \u2003 b')).toBe('a b');
    expect(stripMarkup('<p>Line one</p>\u0085 ')).toBe('Line one'); // no space left at the ends
    expect(stripMarkup('<p>Line one</p><p>Line two</p><ul><li>x</li><li>y</li></ul>')).toBe('Line one Line two x y');
  });

  it('iCalendar text keeps paragraphs and lines, collapses spaces inside each line', () => {
    expect(richTextToPlain('<p>a \t\u00a0 b</p><p>c<br>d</p>')).toBe('a b\n\nc\nd');
    expect(richTextToPlain('<ul><li> x </li><li>y</li></ul>')).toBe('x\ny');
  });
});

describe('cleanRichTextParam: a long text that ran the text worker out of its heap', () => {
  it('is refused as too long as stored without being cleaned; other texts are cleaned as before', () => {
    const costly = `<b>${'x'.repeat(OFF_LOOP_MIN_CHARS)}`;
    const fine = `<i>${'y'.repeat(OFF_LOOP_MIN_CHARS)}`;
    rememberTooCostlyRichText(costly);
    const problems: ParamProblem[] = [];
    const before = longRichTextsWorkedOnLoop();
    expect(cleanRichTextParam('excerpt', costly, problems)).toBe('');
    expect(problems).toEqual([{ param: 'excerpt', detail: 'rest_too_long', args: { max: MAX_LENGTH.richText } }]);
    expect(longRichTextsWorkedOnLoop()).toBe(before);
    expect(cleanRichTextParam('excerpt', fine, problems)).toBe(cleanRichTextNow(fine));
    expect(problems).toHaveLength(1);
  });
});
