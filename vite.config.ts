import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstPaintOrder } from './scripts/first-paint-order.js';

export default defineConfig({
  plugins: [react(), tailwindcss(), firstPaintOrder()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/check-bundle-budget.ts reads it to find what the list's first paint needs.
    manifest: true,
    // The lazily loaded Markdown chunk (parser, sanitiser, highlighter) is about 530 kB before gzip;
    // it never blocks the list's first paint. The first paint's budget is checked by scripts/check-bundle-budget.ts.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}'],
          setupFiles: ['src/app/test-setup.ts', 'src/app/testing/preload-lazy-routes.ts'],
        },
      },
    ],
  },
});
