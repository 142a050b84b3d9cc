/**
 * whenIdle(task, timeout): runs `task` once the browser has nothing else to do (the first screen rendered and
 * painted), at the latest after `timeout` ms; returns a cancel function. For work that may wait for the first
 * screen: revalidating what the last visit left in localStorage, loading libraries not needed to paint it.
 * Without requestIdleCallback (Safari) a short timer stands in.
 */
const FALLBACK_DELAY_MS = 200;

export function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeout, FALLBACK_DELAY_MS));
  return () => window.clearTimeout(id);
}
