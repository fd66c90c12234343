import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const server = 'http://127.0.0.1:3000';
const apiProxy = { '/api': { target: server, ws: true }, '/internal': { target: server } };

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every built asset worth compressing, at the highest levels (too slow per request,
 * free at build time); the server sends the one the browser accepts. index.html is sent by the server itself.
 */
function precompress(): Plugin {
  return {
    name: 'switchboard:precompress',
    apply: 'build',
    // After the files are written, and only when the build succeeded.
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? '';
      const files = Object.keys(bundle).filter((file) => /\.(js|mjs|css|svg|json|txt|wasm)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir, file));
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            compressBrotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            compressGzip(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(path.join(outDir, `${file}.br`), br);
          if (gz.length < source.length) await writeFile(path.join(outDir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

// Layout, type, buttons and inputs: on nearly every screen, the sign-in page included.
const basicComponents = [
  'ActionIcon',
  'Anchor',
  'Button',
  'CloseButton',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'Skeleton',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'UnstyledButton',
  'VisuallyHidden',
];

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Vendor chunks that change rarely and stay cached across releases: React with the router; Mantine's
          // provider, styling and hooks; its basic components. Every other component is split by the screens
          // that use them, so the sign-in page loads only its own. Tooltips' positioning library is kept apart,
          // or it joins whichever small chunk shares its importers and the sign-in page loads it too.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/ },
            {
              name: 'mantine-core',
              test: /[\\/]node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/]core|hooks)[\\/]/,
            },
            {
              name: 'mantine-basics',
              test: new RegExp(
                `[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${basicComponents.join('|')})[\\\\/]`,
              ),
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
