import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', ws: true } };

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The contract only declares things; without this, importing `webPages` keeps every schema (and zod)
        // in the first chunk.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // React and the router change rarely; a chunk of their own stays cached across releases.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
