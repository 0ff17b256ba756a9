/**
 * The Swagger UI page (CONTRACT §12.3). No inline script or style: the page carries its settings in data attributes
 * and `explorer.js` (served by the service, like every asset) reads them, so a strict Content-Security-Policy holds.
 */

export const EXPLORER_TITLE = 'Calendar Events API';

/**
 * Only the service's own scripts, styles and images (the stylesheet embeds data: images); API calls to itself, at the
 * address the page was read from and at PUBLIC_URL's, which "Try it out" calls (the document's `servers`): a page read
 * at `localhost` while PUBLIC_URL says `127.0.0.1`, or through another name, had every call blocked (found by a probe).
 */
export const explorerCsp = (publicUrl: string): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${new URL(publicUrl).origin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

interface ExplorerPage {
  lang: 'en' | 'es';
  title: string;
  /** Where the assets are served (`/docs`, below any path of PUBLIC_URL). */
  assetBase: string;
  /** The OpenAPI document to show (path only, so it is fetched from the page's own origin). */
  specUrl: string;
}

export function explorerHtml(page: ExplorerPage): string {
  const asset = (name: string) => escapeHtml(`${page.assetBase}/${name}`);
  return `<!DOCTYPE html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(page.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}">
</head>
<body>
<div id="swagger-ui" data-spec-url="${escapeHtml(page.specUrl)}"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('explorer.js')}"></script>
</body>
</html>
`;
}

/** Starts Swagger UI on the document named by the page; "Try it out" calls the document's `servers` URL. */
export const EXPLORER_SCRIPT = `'use strict';
window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;
