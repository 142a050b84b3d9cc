/**
 * The app's scripts are fetched at low priority (fetchpriority="low" on the entry module and its module preloads,
 * and on the route preloads the shell adds): nothing of the first paint needs them — the boot spinner is plain HTML
 * with an inline style — and a high-priority script tells the browser, and Lighthouse's model of a slow phone, that
 * the page cannot paint before it arrives. On a fast connection the scripts sometimes finished before the spinner
 * painted, and Lighthouse then modelled the first paint as waiting for them (1.5 s later on its simulated phone).
 * The stylesheet keeps its high priority: the first render waits for it.
 */
import type { Plugin } from 'vite';

const MODULE_SCRIPT = /<script type="module"(?![^>]*fetchpriority)/g;
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

/** index.html with every module script and module preload marked low priority. */
export function lowerScriptPriority(html: string): string {
  return html
    .replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low"')
    .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

export function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => lowerScriptPriority(html) },
  };
}
