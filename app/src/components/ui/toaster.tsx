import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { whenIdle } from '@/lib/idle';
import { loadSonner, onSonnerRequested, sonnerRequested } from '@/lib/toast';

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Mounted once (app/providers.tsx). Show toasts with `import { toast } from '@/lib/toast'`. Sonner itself loads
 * when the first screen is idle or with the first toast, so it is not part of the first download. */
export function Toaster(props: ToasterProps) {
  const requested = useSyncExternalStore(onSonnerRequested, sonnerRequested);
  useEffect(() => whenIdle(() => void loadSonner(), 3000), []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-right" richColors closeButton theme="light" {...props} />
    </Suspense>
  );
}
