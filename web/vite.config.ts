import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

// The BFF serves web/dist, /api/* and socket.io on one origin; in dev, vite forwards those to it.
// The Host header is kept (no changeOrigin): the BFF accepts state changes only from the origin it was addressed as.
const BFF = process.env.KILN_BFF_URL ?? 'http://localhost:8080';

const brotli = promisify(brotliCompress);
/** Files this large are loaded later, on demand (the 3D viewer); quality 11 takes seconds on them for ~10 % fewer bytes. */
const LARGE = 512 * 1024;
/**
 * Brotli at the highest quality for what the first load needs, a fast quality for large lazy chunks:
 * the build (and so `npm start`) stays within seconds.
 */
const brotliForSize = (input: Parameters<typeof brotliCompress>[0]) => {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  return brotli(input, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: size > LARGE ? 5 : constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
};

const REPO = resolve(__dirname, '..');

/**
 * Writes dist/.vite/chunk-modules.json, `{ [chunk file]: module ids }` with paths relative to the repo:
 * the first-load budget test (deploy/bench/first-load.ts) reads it to prove no server-only module
 * (API document generators, node: built-ins, server packages) reaches what the browser loads first.
 */
function chunkModules(): Plugin {
  return {
    name: 'kiln:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        // Only modules that put code in the chunk (a tree-shaken module leaves an empty entry).
        const rendered = Object.entries(chunk.modules).filter(([, module]) => module.renderedLength > 0);
        modules[chunk.fileName] = rendered.map(([id]) => (id.startsWith(REPO) ? relative(REPO, id) : id));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    chunkModules(),
    // Brotli (`.br`) and gzip (`.gz`, level 9) copies beside each file, made once at build time: the BFF
    // picks one by Accept-Encoding and never compresses per request (see docs/adr/0013).
    compression({
      algorithms: [defineAlgorithm(brotliForSize, {}), 'gzip'],
      filename: (id, { algorithm }) => (algorithm === 'gzip' ? `${id}.gz` : `${id}.br`),
      exclude: [/(^|\/)\.vite\//], // build records, not served
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: BFF },
      '/socket.io': { target: BFF, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // dist/.vite/manifest.json: which chunks the entry loads, read by the first-load budget test and the bench.
    manifest: true,
  },
});
