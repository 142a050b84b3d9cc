/**
 * The app stylesheet leaves <head> for the end of <body>, after the boot spinner (#root), as a preload that turns
 * itself into the stylesheet once it has arrived.
 *
 * A plain stylesheet link (in <head>, and in Chrome even at the end of <body>) holds up the first paint: a phone
 * shows a blank page until the stylesheet has arrived, though the spinner is styled inline and needs none of it.
 * A preload does not: the spinner paints as soon as the HTML is parsed, and the stylesheet still downloads at
 * once, at high priority. The app never renders unstyled: src/main.tsx waits for the link's sheet
 * (`appStylesheet()`) before the first render.
 */
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"([^>]*)>\n?/g;
/** How src/main.tsx finds the stylesheet to wait for. */
export const STYLESHEET_MARK = 'data-app-stylesheet';

function asPreload(link: string): string {
  const attributes = link
    .trim()
    .replace(/^<link rel="stylesheet"/, '')
    .replace(/>$/, '');
  return `<link rel="preload" as="style"${attributes} ${STYLESHEET_MARK} onload="this.onload=null;this.rel='stylesheet'">`;
}

/** index.html with its stylesheet links moved just before </body>, each a self-applying preload. */
export function moveStylesheets(html: string): string {
  const links = html.match(STYLESHEET);
  if (!links) return html;
  const end = html.lastIndexOf('</body>');
  if (end < 0) throw new Error('stylesheet after shell: index.html has no </body>');
  const before = html.slice(0, end).replace(STYLESHEET, '');
  return `${before}  ${links.map(asPreload).join('\n    ')}\n  ${html.slice(end)}`;
}

export function stylesheetAfterShell(): Plugin {
  return {
    name: 'stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => moveStylesheets(html) },
  };
}
