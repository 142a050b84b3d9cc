import { describe, expect, it } from 'vitest';
import { moveStylesheets } from './stylesheet-after-shell';

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
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).toContain('rel="modulepreload"');
    expect(head).toContain('type="module"');
    const link = html.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-c.css">');
    expect(link).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(link).toBeLessThan(html.indexOf('</body>'));
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('leaves a page without stylesheets as it is', () => {
    const plain = HTML.replace(/ *<link rel="stylesheet"[^>]*>\n/, '');
    expect(moveStylesheets(plain)).toBe(plain);
  });
});
