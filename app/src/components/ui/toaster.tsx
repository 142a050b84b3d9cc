import { lazy, Suspense, useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import type { ToasterProps } from 'sonner';
import { whenIdle } from '@/lib/idle';
import { loadSonner, onSonnerRequested, sonnerRequested } from '@/lib/toast';

// sonner's rich colours (light theme) read below WCAG AA's 4.5:1 on their own backgrounds (success 4.29, info
// 4.35, error 4.36, warning 3.07): the same hues, darker, at 4.9-5.0. Set on the toaster, where sonner defines them.
const READABLE_RICH_COLORS = {
  '--success-text': 'hsl(140, 100%, 25%)',
  '--info-text': 'hsl(210, 92%, 42%)',
  '--warning-text': 'hsl(31, 92%, 34%)',
  '--error-text': 'hsl(360, 100%, 42%)',
} as CSSProperties;

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Mounted once (app/providers.tsx). Show toasts with `import { toast } from '@/lib/toast'`. Sonner itself loads
 * when the first screen is idle or with the first toast, so it is not part of the first download. */
export function Toaster(props: ToasterProps) {
  const requested = useSyncExternalStore(onSonnerRequested, sonnerRequested);
  useEffect(() => whenIdle(() => void loadSonner(), 3000), []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-right"
        richColors
        closeButton
        theme="light"
        {...props}
        style={{ ...READABLE_RICH_COLORS, ...props.style }}
      />
    </Suspense>
  );
}
