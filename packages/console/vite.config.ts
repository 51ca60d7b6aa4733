import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The admin console. The server answers every /console/… path that is not an asset with
 * dist/index.html and serves the hashed assets under /console/assets/. Every page is its own chunk
 * (route-level `lazy`), so the first screen downloads only the shell and the page it shows.
 *
 * `npm run dev -w packages/console` proxies the API and the OIDC endpoints to a server on
 * GATEHOUSE_URL (default http://localhost:3001).
 */
const target = process.env.GATEHOUSE_URL ?? 'http://localhost:3001';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['es2022', 'chrome105', 'safari16', 'firefox110'],
    // The server's CSP allows scripts from 'self' only: no inline module-preload polyfill.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    // The shell's chunk (React, Mantine core, router) is ~450 kB minified, ~135 kB gzipped.
    chunkSizeWarningLimit: 512,
  },
  server: {
    proxy: Object.fromEntries(['/api', '/oidc', '/t', '/experience', '/sign-in', '/register', '/preview', '/user-assets'].map((path) => [path, { target, changeOrigin: false }])),
  },
});
