/** A window of a given width for the layouts' media queries (jsdom has no layout): `(min-width: …)` queries in px
 * or rem (16 px) match against it, every other query does not. Restores the previous matchMedia. */
import { afterEach, beforeEach } from 'vitest';

function matches(query: string, width: number): boolean {
  const min = /\(min-width:\s*([\d.]+)(px|rem)\)/.exec(query);
  return !!min && width >= Number(min[1]) * (min[2] === 'rem' ? 16 : 1);
}

export function withViewportWidth(width: number) {
  let previous: typeof window.matchMedia;
  beforeEach(() => {
    previous = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        matches: matches(query, width),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = previous;
  });
}
