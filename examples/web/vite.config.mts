import { defineConfig } from 'vite';

// `vite <command> examples/web` from the repository root (npm run example:web) finds this
// file; the output goes to examples/web/dist/ (git-ignored).
export default defineConfig({
  // maplibre-gl is one large module by design; splitting it would not make the page faster.
  build: { chunkSizeWarningLimit: 1600 },
});
