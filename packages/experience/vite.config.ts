import { defineConfig } from 'vite';

/**
 * The hosted sign-in pages. The server answers every page path ({base}/sign-in, …) with
 * dist/index.html and serves the hashed assets under /experience/.
 */
export default defineConfig({
  base: '/experience/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Phones a few years old: evergreen browsers from 2021 on.
    target: ['es2021', 'chrome90', 'safari15', 'firefox90'],
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
  },
});
