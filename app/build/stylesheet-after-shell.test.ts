import { describe, expect, it } from 'vitest';
import { moveStylesheets, STYLESHEET_MARK } from './stylesheet-after-shell';

const HTML = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>
  <body>
    <div id="root"><span>Carregando...</span></div>
  </body>
</html>
`;

describe('moveStylesheets', () => {
  it('moves the stylesheet from the head to after the boot spinner, leaving scripts and preloads in the head', () => {
    const html = moveStylesheets(HTML);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('index-c.css');
    expect(head).toContain('rel="modulepreload"');
    expect(head).toContain('type="module"');
    const link = html.indexOf('href="/assets/index-c.css"');
    expect(link).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(link).toBeLessThan(html.indexOf('</body>'));
    expect(html.match(/index-c\.css/g)).toHaveLength(1);
  });

  it('loads it as a preload that applies itself, marked for the entry to wait on, so it never holds up the spinner', () => {
    const html = moveStylesheets(HTML);
    expect(html).not.toContain('rel="stylesheet"');
    const link = html.match(/<link [^>]*index-c\.css[^>]*>/)![0];
    expect(link).toContain('rel="preload" as="style"');
    expect(link).toContain('crossorigin');
    expect(link).toContain(STYLESHEET_MARK);
    expect(link).toContain(`onload="this.onload=null;this.rel='stylesheet'"`);
  });

  it('leaves a page without stylesheets as it is', () => {
    const plain = HTML.replace(/ *<link rel="stylesheet"[^>]*>\n/, '');
    expect(moveStylesheets(plain)).toBe(plain);
  });
});
