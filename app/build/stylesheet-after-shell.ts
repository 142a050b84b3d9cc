/**
 * The app stylesheet moves from <head> to the end of <body>, after the boot spinner (#root).
 *
 * In <head> it blocks the first paint: a phone shows a blank page until the stylesheet has arrived, though the
 * spinner is styled inline and needs none of it. After #root the spinner paints as soon as the HTML is parsed.
 * The app still never renders unstyled: module scripts (the entry) run only once the parser-inserted
 * stylesheets have loaded (HTML's "style sheet that is blocking scripts"), so React's first screen has its CSS.
 */
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/** index.html with its stylesheet links moved just before </body>. */
export function moveStylesheets(html: string): string {
  const links = html.match(STYLESHEET);
  if (!links) return html;
  const end = html.lastIndexOf('</body>');
  if (end < 0) throw new Error('stylesheet after shell: index.html has no </body>');
  const before = html.slice(0, end).replace(STYLESHEET, '');
  return `${before}  ${links.map((link) => link.trim()).join('\n    ')}\n  ${html.slice(end)}`;
}

export function stylesheetAfterShell(): Plugin {
  return {
    name: 'stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => moveStylesheets(html) },
  };
}
