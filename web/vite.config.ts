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
const KiB = 1024;
/**
 * Brotli quality by size, so the build (and so `npm start`) stays fast. Quality 11 costs about 2 µs a byte
 * on this kind of code: nothing on small chunks, but 0.5 s or more on the entry (~330 KB raw) and seconds
 * on the 3D viewer (~900 KB). Quality 10 takes half as long for ~1.5 % more bytes; 5 is ~20 ms on the viewer
 * for ~13 % more, and that chunk loads later, only where a 3D view is shown. See docs/adr/0013.
 */
function brotliQuality(size: number): number {
  if (size <= 128 * KiB) return constants.BROTLI_MAX_QUALITY;
  if (size <= 512 * KiB) return 10;
  return 5;
}
const brotliForSize = (input: Parameters<typeof brotliCompress>[0]) => {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  return brotli(input, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality(size),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
};

const REPO = resolve(import.meta.dirname, '..');

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
      // Every file gets both copies, even a tiny chunk whose copy is no smaller: the BFF then never has to guess.
      skipIfLargerOrEqual: false,
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
    // Vite's size report would gzip every chunk once more only to print it; the .br/.gz lines say the sizes.
    reportCompressedSize: false,
    // dist/.vite/manifest.json: which chunks the entry loads, read by the first-load budget test and the bench.
    manifest: true,
  },
});
