/** Vitest setup (jsdom): cleanup between tests and the browser APIs Radix and the app expect. */
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s: lazy routes and queries can be slow on a loaded CI machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // sonner keeps its toasts between tests; a later test must never pass on an earlier one's toast.
  toast.dismiss();
  window.localStorage.clear();
});

// Runtime config as /env.js would set it.
window.__ENV__ = {
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SUPABASE_ANON_KEY: 'test-anon-key',
  ADMIN_EMAIL: 'admin@escritorio.test',
};

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }) as unknown as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Radix Select / pointer interactions in jsdom.
const elementProto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
elementProto.scrollIntoView ??= vi.fn();
elementProto.hasPointerCapture ??= vi.fn(() => false);
elementProto.releasePointerCapture ??= vi.fn();
elementProto.setPointerCapture ??= vi.fn();
