import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import './index.css';

const router = createAppRouter();

// A transition: React renders the first screen in slices of a few milliseconds and lets the browser breathe in
// between, instead of one long task that a phone's slower CPU turns into a frozen page (Total Blocking Time).
// The boot spinner of index.html stays until the screen is ready.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
