// Builds the web client (web/src) into web/dist, which the service serves (src/api/web-client.ts).
// Asset names carry a content hash, so the service can let browsers cache them for a year.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  // Preact's automatic JSX runtime, without a framework plugin: the client needs nothing else.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
});
