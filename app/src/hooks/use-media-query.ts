/** Whether a CSS media query matches now, re-rendering when it changes (window resize, rotation). */
import { useSyncExternalStore } from 'react';

/** The layouts' desktop breakpoint (Tailwind's `md`): below it the menus are sheets opened on demand. */
export const DESKTOP = '(min-width: 48rem)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
