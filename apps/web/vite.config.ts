import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogues } from './scripts/catalogue-plugin.ts';
import { reactRouterShaking } from './scripts/react-router-shaking.ts';

// The shop's web app. `npm start` serves the build from the API server on :3000; `npm run dev` serves it
// here on :5173 with hot reload, proxying API and gateway calls to a server running on :3000.
export default defineConfig(({ isSsrBuild }) => ({
  // React Router's unused components are left out of the build (scripts/react-router-shaking.ts, decision 022).
  plugins: [react(), catalogues(), reactRouterShaking()],
  // Scripts run by nonce only (decision 018): the server puts a fresh nonce in place of this placeholder in
  // every document it serves and in that document's CSP (apps/server/src/plugins/web-app.ts). Vite
  // stamps it on the built tags and reads it back (meta csp-nonce) for the preloads it adds later.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    // The server bundle of the landing's first screen (dist-ssr, decision 019) needs no public files.
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    // The CSP allows no inline script: Vite's inline modulepreload polyfill must not be emitted.
    modulePreload: { polyfill: false },
    sourcemap: false,
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the chunk graph `npm run size` walks to sum what each page loads.
    manifest: true,
    // Everything the entry imports statically is one chunk: the landing fetches two scripts (the app and
    // its catalogue) instead of a dozen shared slices, 4.8 kB less gzipped (decision 022).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
            // A lazy chunk is named by its hash alone: the landing carries the preload list of every
            // page's chunks, and the pages' names in it cost the first render about 0.2 kB gzipped
            // (decision 122). The manifest still maps each source file to its chunk.
            chunkFileNames: 'assets/[hash].js',
          },
        },
  },
  server: {
    port: 5173,
    proxy: {
      '/b2c-server': 'http://localhost:3000',
      '/gateway': 'http://localhost:3000',
    },
  },
}));
