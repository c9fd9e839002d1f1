import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin.ts';
import { serviceWorker } from './pwa-plugin.ts';

const root = import.meta.dirname;

export default defineConfig({
  root,
  plugins: [react(), serviceWorker(), precompress()],
  // Every `import { z } from 'zod'` of the app and of core/ gets zod configured for the CSP.
  resolve: { alias: [{ find: /^zod$/, replacement: path.resolve(root, 'zod-jitless.ts') }] },
  build: {
    outDir: path.resolve(root, '../dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
