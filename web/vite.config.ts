import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway serves /graphql, the REST API and uploaded media; in development and preview
// the SPA is served by Vite, so those paths are forwarded to the gateway (SHOP_GATEWAY_URL
// overrides the default, e.g. when port 3000 is taken).
const gateway = process.env.SHOP_GATEWAY_URL ?? 'http://localhost:3000';
const proxy = {
  '/graphql': { target: gateway, changeOrigin: true },
  '/api': { target: gateway, changeOrigin: true },
  '/media': { target: gateway, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Page chunks are loaded on demand; the entry stays small so the first page stays well
    // under the 150 KB (gzipped JavaScript) budget of DESIGN.md.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Libraries in long-lived, well-named chunks: React and the router load on every page,
        // Apollo (with the GraphQL parser and RxJS) only with the first page that talks GraphQL.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'apollo', test: /node_modules[\\/](@apollo|graphql|graphql-tag|rxjs|optimism|@wry|tslib)[\\/]/ },
            { name: 'toastify', test: /node_modules[\\/](react-toastify|clsx)[\\/]/ },
          ],
        },
      },
    },
  },
});
