/**
 * Explorer protocol: the page
 * ===========================
 * The HTML both hosts serve the explorer bundle in, and its Content Security Policy.
 */

/** The bundle's file names (beside each other in dist/webview/) and the element the app mounts on. */
export const EXPLORER_FILES = { script: 'explorer.js', style: 'explorer.css' } as const;
export const EXPLORER_ROOT_ID = 'kg-explorer';

export interface PageOptions {
  nonce: string;
  scriptUrl: string;
  styleUrl: string;
  /** Where styles and fonts may come from besides the nonce (VS Code: webview.cspSource; browser: 'self'). */
  resourceSource: string;
  /** connect-src: 'none' in VS Code (messages only), 'self' in the browser (the read-only API). */
  connectSource: string;
  title: string;
}

/**
 * The explorer's HTML with a strict Content Security Policy: scripts only with the nonce, no
 * remote loads, no inline styles but the nonce'd sheet; the layout worker runs from a blob: URL
 * built from the bundle's own text (a webview cannot start a worker from its resource origin).
 */
export function explorerPage(o: PageOptions): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${o.nonce}'`,
    `style-src ${o.resourceSource} 'nonce-${o.nonce}'`,
    `img-src ${o.resourceSource} data: blob:`,
    `font-src ${o.resourceSource}`,
    `connect-src ${o.connectSource}`,
    'worker-src blob:',
  ].join('; ');
  const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)}</title>
<link rel="stylesheet" nonce="${esc(o.nonce)}" href="${esc(o.styleUrl)}">
</head>
<body>
<div id="${EXPLORER_ROOT_ID}"></div>
<script nonce="${esc(o.nonce)}" src="${esc(o.scriptUrl)}"></script>
</body>
</html>
`;
}
