/**
 * Vitest setup (jsdom): jest-dom matchers, the MSW Supabase stand-in (supabase-server.ts), cleanup between
 * tests and the browser APIs Radix and the app expect.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';
import { bridgeJsdomBodies } from './jsdom-fetch';
import { db, server, SUPABASE_ANON_KEY, SUPABASE_URL } from './supabase-server';
import { realtime } from './realtime-server';

// findBy*/waitFor wait up to 5 s: lazy routes and queries can be slow on a loaded CI machine.
configure({ asyncUtilTimeout: 5000 });

// Listening now, not in beforeAll: the app's client takes the WebSocket constructor when the test file imports
// it, which is before beforeAll runs. A request no handler answers fails the test instead of leaving jsdom.
server.listen({ onUnhandledRequest: 'error' });
bridgeJsdomBodies();
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  db.reset();
  realtime.reset();
  // sonner keeps its toasts between tests; a later test must never pass on an earlier one's toast.
  toast.dismiss();
  window.localStorage.clear();
});

// Runtime config as /env.js would set it.
window.__ENV__ = {
  SUPABASE_URL,
  SUPABASE_ANON_KEY,
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
