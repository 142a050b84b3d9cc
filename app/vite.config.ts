/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // '/src' is resolved from the project root by Vite (and Vitest).
    alias: { '@': '/src' },
  },
  // `make dev`: the running stack's app server writes /env.js (API URL and anon key at run time).
  server: { port: 5173, proxy: { '/env.js': process.env.APP_URL ?? 'http://127.0.0.1:3000' } },
  build: {
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, cached across app releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'supabase', test: /node_modules[\\/](@supabase|iceberg-js)[\\/]/ },
            {
              name: 'ui',
              test: /node_modules[\\/](@radix-ui|@floating-ui|@tanstack|sonner|tailwind-merge|clsx|class-variance-authority|lucide-react|react-remove-scroll[^\\/]*|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|tslib)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
