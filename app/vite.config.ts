/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { routePreload } from './build/route-preload.ts';
import { scriptsAfterFirstPaint } from './build/scripts-after-first-paint.ts';
import { stylesheetAfterShell } from './build/stylesheet-after-shell.ts';

// What most screens' first render needs besides React and supabase-js: the light UI primitives, the shared helpers and
// the small libraries they use. Each was its own half-kilobyte chunk, a request each; a phone on HTTP/1.1 opens six
// connections per origin, so thirty requests cost five or six round trips before the first screen. The heavier
// primitives (dialogs, menus, selects, popovers) stay with the screens that open them, and so do the pickers'
// look-ups (lib/people, lib/client-search): the login screen needs none of them.
const FIRST_SCREEN_ICONS =
  /node_modules\/lucide-react\/dist\/esm\/(Icon|createLucideIcon|context|shared\/src\/.+|icons\/(arrow-left|eye|eye-off|landmark|loader-circle|mail|search|shield-check|shield-exclamation-point))\.mjs$/;
const FIRST_SCREEN_KIT = [
  /src\/components\/ui\/(button|card|input|label|spinner)\.tsx$/,
  /src\/components\/(access-denied|company-logo)\.tsx$/,
  // (lib/glossary stays out: the login screen does not use it, and /auth has a download budget)
  /src\/lib\/(auth-context|branding|errors|idle|roles|status|strings|text|utils)\.ts$/,
  /src\/(hooks|config)\//,
  /node_modules\/@radix-ui\/react-(slot|primitive|compose-refs|context|label|use-[\w-]+)\//,
  /node_modules\/(class-variance-authority|clsx|tailwind-merge)\//,
  // The icons of the login and of the shells' first frame (spinner, access denied, logo, search) and lucide's own
  // code: the rest of the icons chunk (about 8 kB brotli) then loads only with the screens that draw them.
  FIRST_SCREEN_ICONS,
];
// What the signed-in first screens share and the login does not draw (tabs, tables, avatars, page headers): it goes
// with the dates, which every signed-in first screen loads and the login does not, so no screen makes one request
// more for it.
const SIGNED_IN_KIT = [
  /src\/components\/ui\/(avatar|badge|native-select|search-input|separator|skeleton|table|tabs|textarea)\.tsx$/,
  /src\/components\/(page-header|table-state-rows)\.tsx$/,
  /node_modules\/@radix-ui\/react-(id|presence|roving-focus|collection|tabs|avatar|separator|direction)\//,
];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The landing route's lazy chunks are requested with the entry (see build/route-preload.ts).
    routePreload(),
    // The boot spinner paints before the stylesheet arrives (see build/stylesheet-after-shell.ts).
    stylesheetAfterShell(),
    // ... and before the scripts, which load at low priority (see build/scripts-after-first-paint.ts).
    scriptsAfterFirstPaint(),
    // Precompressed twins (.br, .gz) next to each text asset; the app server picks one by Accept-Encoding,
    // so phones download a fraction of the bytes without the server compressing on every request.
    // The plugin's defaults are the strongest levels (brotli 11, gzip 9): built once, served many times.
    compression({ include: /\.(js|mjs|css|html|svg|json)$/, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    // '/src' is resolved from the project root by Vite (and Vitest).
    alias: { '@': '/src' },
  },
  // `make dev`: the running stack's app server writes /env.js (API URL and anon key at run time) and answers the API's
  // paths on the app's origin, so the dev server passes both on to it.
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/env.js', '/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1', '/realtime/v1'].map((path) => [
        path,
        { target: process.env.APP_URL ?? 'http://127.0.0.1:3000', ws: path === '/realtime/v1' },
      ]),
    ),
  },
  build: {
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, cached across app releases, for what every page runs (React, the router,
        // supabase-js for the session). Other libraries (Radix, icons, forms) stay with the screens that import
        // them, so /auth does not download the staff area's menus and dialogs. The icons (about 30 kB, 8 kB brotli)
        // are one chunk: one request instead of a dozen half-kilobyte ones per screen, each a round trip on a phone.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'supabase', test: /node_modules[\\/](@supabase|iceberg-js)[\\/]/ },
            // The first screen's kit (FIRST_SCREEN_KIT above): one chunk, for what at least two chunks share.
            {
              name: 'kit',
              test: (id) => FIRST_SCREEN_KIT.some((pattern) => pattern.test(id.replaceAll('\\', '/'))),
              minShareCount: 2,
            },
            // Dates (date-fns, the pt-BR locale, lib/format) and SIGNED_IN_KIT: every signed-in first screen, not the
            // login. After the kit, which takes what the login needs first (a group also takes what its modules import).
            {
              name: 'dates',
              test: (id) =>
                /node_modules[\\/]date-fns[\\/]|src[\\/]lib[\\/]format\.ts$/.test(id) ||
                SIGNED_IN_KIT.some((pattern) => pattern.test(id.replaceAll('\\', '/'))),
              minShareCount: 2,
            },
            // After the kit, which takes the first screens' icons and lucide's own code first (a group also takes
            // what its modules import).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // Each test file in its own VM context of a reused worker (vmForks): jsdom and the app's modules are not set up
    // again in a new process for every file. 78 s instead of 161-190 s for the whole suite on two cores, with each
    // file still isolated from the others (isolate: false was faster still, but files leaked state into each other).
    pool: 'vmForks',
    // A VM context has only the globals jsdom gives it: the web streams MSW needs come first.
    setupFiles: ['./vitest.web-streams.ts', './src/testing/setup.ts'],
    css: false,
    // In a VM context, Node's CommonJS loader cannot run the ES modules it picks by the "module-sync" condition
    // (react-router-dom's and recharts' CommonJS builds require them): these two are loaded as ES modules instead.
    alias: {
      'react-router-dom': fileURLToPath(new URL('../node_modules/react-router-dom/dist/index.mjs', import.meta.url)),
      recharts: fileURLToPath(new URL('../node_modules/recharts/es6/index.js', import.meta.url)),
    },
    testTimeout: 20_000,
    // Vitest keeps one core for itself by default: on a two-core machine that is one test file at a time, and the
    // main process is mostly idle.
    maxWorkers: availableParallelism(),
  },
});
