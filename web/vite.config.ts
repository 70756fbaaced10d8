import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The gateway serves /graphql, the REST API and uploaded media; in development and preview
// the SPA is served by Vite, so those paths are forwarded to the gateway (SHOP_GATEWAY_URL
// overrides the default, e.g. when port 3000 is taken).
const gateway = process.env.SHOP_GATEWAY_URL ?? 'http://localhost:3000';
const proxy = {
  '/graphql': { target: gateway, changeOrigin: true },
  '/api': { target: gateway, changeOrigin: true },
  '/media': { target: gateway, changeOrigin: true },
};

/**
 * src/prefetch.ts is its own small entry, loaded by index.html beside the app: it sends the
 * landing page's catalog request while React and the app are still downloading (Vite would merge
 * a second <script> of index.html into the app's entry, so the tag is added here).
 */
function prefetchEntry(): Plugin {
  return {
    name: 'shop-prefetch-entry',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        let src = '/src/prefetch.ts';
        if (ctx.bundle) {
          const chunk = Object.values(ctx.bundle).find(
            (output) => output.type === 'chunk' && output.isEntry && output.name === 'prefetch',
          );
          if (!chunk) return [];
          src = `/${chunk.fileName}`;
        }
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), prefetchEntry()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Page chunks are loaded on demand; the entry stays small so the first page stays well
    // under the 150 KB (gzipped JavaScript) budget (decision 0009).
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        prefetch: fileURLToPath(new URL('./src/prefetch.ts', import.meta.url)),
      },
      output: {
        // Libraries in long-lived, well-named chunks: React and the router load on every page.
        codeSplitting: {
          // A group holds only the modules its test names: proto-contracts' web entry (reached by
          // product-tags) must not pull every contract into the first page's chunk.
          includeDependenciesRecursively: false,
          groups: [
            // Each module of proto-contracts' web entry in its own chunk, so a page loads the
            // contracts it uses (the first page: money and tags, not the category tree).
            { name: (id: string) => /proto-contracts[\\/]src[\\/]([\w-]+)\.ts$/.exec(id)?.[1] ?? null, test: /proto-contracts[\\/]src[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'toastify', test: /node_modules[\\/](react-toastify|clsx)[\\/]/ },
            // Everything the prefetch entry runs, in one file: one request, no waterfall.
            {
              name: 'catalog-requests',
              test: /src[\\/](app[\\/]prefetch-route-data|lib[\\/](query-cache|graphql-request|graphql-document|http|product-summary|product-tags|product-images)|features[\\/](home[\\/]api[\\/]home-documents|product[\\/]api[\\/]product-documents|products[\\/]api[\\/]listing-(params|documents)))\.ts$/,
            },
          ],
        },
      },
    },
  },
});
