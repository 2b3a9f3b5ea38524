import { defineConfig } from 'vitest/config';
import { companionPwa } from './src/companion/pwa/build.ts';

export default defineConfig({
  base: '/',
  plugins: [companionPwa()], // the companion's manifest, icons and service worker (docs/web.md)
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
