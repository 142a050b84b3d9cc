/** The search palette (Radix Dialog and its query) loads and mounts the first time it is opened. */
import { lazy, Suspense, useState } from 'react';

const Palette = lazy(() => import('./search-palette').then((module) => ({ default: module.SearchPalette })));

export function LazySearchPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Once opened it stays mounted (its closing animation, and no second download); adjusted while rendering.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Palette open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
