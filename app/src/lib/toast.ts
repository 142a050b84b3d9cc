/**
 * toast.success / error / info / dismiss, as sonner's, without sonner (about 33 kB) in the first download. The
 * library loads once the first screen is idle (components/ui/toaster.tsx) or with the first toast, whichever comes
 * first; a toast asked for before it has arrived shows once it has (sonner replays active toasts to a Toaster that
 * mounts late). Import toasts from here, never from 'sonner'.
 */
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['success']>[0];

let loading: Promise<Sonner> | null = null;
let loaded: Sonner | null = null;
const listeners = new Set<() => void>();

/** Starts loading sonner (once) and tells the Toaster to mount. */
export function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner').then((module) => (loaded = module));
    listeners.forEach((listener) => listener());
  }
  return loading;
}

/** For useSyncExternalStore: whether sonner was asked for (the Toaster mounts from then on). */
export function sonnerRequested(): boolean {
  return loading !== null;
}

export function onSonnerRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error' | 'info') {
  return (message: Message, data?: ExternalToast): void => {
    // Once loaded, at once (the order of toasts and dismissals stays the caller's).
    if (loaded) loaded.toast[kind](message, data);
    else void loadSonner().then(({ toast: sonner }) => sonner[kind](message, data));
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  /** Closes one toast (or all): nothing to close before sonner has loaded. */
  dismiss(id?: string | number): void {
    loaded?.toast.dismiss(id);
  },
};
