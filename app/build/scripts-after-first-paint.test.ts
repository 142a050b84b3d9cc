import { describe, expect, it } from 'vitest';
import { lowerScriptPriority } from './scripts-after-first-paint';

const HTML = `<!doctype html>
<html>
  <head>
    <script defer src="/env.js"></script>
    <script>/* route preloads */</script>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="modulepreload" crossorigin href="/assets/kit-c.js">
  </head>
  <body>
    <div id="root"><span>Carregando...</span></div>
    <link rel="preload" as="style" crossorigin href="/assets/index-d.css" data-app-stylesheet>
  </body>
</html>
`;

describe('lowerScriptPriority', () => {
  it('marks the entry module and every module preload low priority', () => {
    const html = lowerScriptPriority(HTML);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
    expect(html.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2);
  });

  it('leaves the stylesheet (the first render waits for it) and the classic scripts as they are', () => {
    const html = lowerScriptPriority(HTML);
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/index-d.css" data-app-stylesheet>',
    );
    expect(html).toContain('<script defer src="/env.js"></script>');
    expect(html.match(/fetchpriority/g)).toHaveLength(3);
  });

  it('does not mark a tag twice', () => {
    expect(lowerScriptPriority(lowerScriptPriority(HTML))).toBe(lowerScriptPriority(HTML));
  });
});
