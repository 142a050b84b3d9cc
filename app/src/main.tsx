import '@/lib/zod-jitless'; // first: before any module builds a schema
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import './index.css';

const router = createAppRouter();

/** The built page loads its stylesheet without holding up the boot spinner (build/stylesheet-after-shell.ts): the
 * first screen waits for it instead, so it never shows unstyled. Development serves the CSS as style tags. */
async function appStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-stylesheet]');
  // A preload's load turns it into the stylesheet; the stylesheet's own load follows. A failed one renders anyway.
  while (link && !link.sheet) {
    const failed = await new Promise<boolean>((resolve) => {
      link.addEventListener('load', () => resolve(false), { once: true });
      link.addEventListener('error', () => resolve(true), { once: true });
    });
    if (failed) return;
  }
}

// A transition: React renders the first screen in slices of a few milliseconds and lets the browser breathe in
// between, instead of one long task that a phone's slower CPU turns into a frozen page (Total Blocking Time).
// The boot spinner of index.html stays until the screen is ready.
void appStylesheet().then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  }),
);
