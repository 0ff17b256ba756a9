import { cleanRichText, richTextToPlain } from './text-cleaning';

/** Stored rich text as plain text for iCalendar DESCRIPTION (issue 16): paragraphs, lines, entities, no markup. */
describe('richTextToPlain', () => {
  it.each([
    ['', ''],
    ['Just text', 'Just text'],
    ['<p>One</p><p>Two</p>', 'One\n\nTwo'],
    ['<p>Line<br>next<br />last</p>', 'Line\nnext\nlast'],
    ['<ul><li>a</li><li>b</li></ul><p>after</p>', 'a\nb\n\nafter'],
    ['<h2>Title</h2><div>Body   with   spaces</div>', 'Title\n\nBody with spaces'],
    ['<p>Rock &amp; Roll &lt;live&gt; "quoted" it&#39;s</p>', 'Rock & Roll <live> "quoted" it\'s'],
    ['<p>See <a href="https://example.com">the site</a>, <strong>now</strong>.</p>', 'See the site, now.'],
    ['<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>', 'a b\nc'],
  ])('%j → %j', (html, plain) => {
    expect(richTextToPlain(html)).toBe(plain);
  });

  it('reads what the write path stored (scripts and styles never reach it)', () => {
    const stored = cleanRichText('<p onclick="x()">Hi <script>alert(1)</script>there</p><style>p{}</style><p>Bye &amp; thanks</p>');
    expect(richTextToPlain(stored)).toBe('Hi there\n\nBye & thanks');
  });
});
