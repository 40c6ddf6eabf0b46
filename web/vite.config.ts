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
 * on this kind of code: nothing on small chunks, about 0.8 s on the first-load chunk (~390 KB raw), which
 * every visitor downloads, so it gets 11 too (quality 10 sent ~1.1 kB more; docs/adr/0047); seconds on the
 * 3D viewer (~900 KB): 5 is ~20 ms there for ~13 % more, and that chunk loads later, only where a 3D view
 * is shown. See docs/adr/0013.
 */
function brotliQuality(size: number): number {
  if (size <= 512 * KiB) return constants.BROTLI_MAX_QUALITY;
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

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; importedIds: readonly string[] } | null };
/** Barrels re-export everything; what the app takes through one is tree-shaken, so an edge from a barrel proves no need. */
const BARREL = /\/(contracts|domain)\/src\/(index|constants)\.ts$/;
const neededFirst = new Map<string, boolean>();
/** Whether the first load of `/` needs this module: the entry, or statically imported by a module that is. */
function isFirstLoad(id: string, graph: ModuleGraph): boolean {
  const known = neededFirst.get(id);
  if (known !== undefined) return known;
  neededFirst.set(id, false); // an import cycle answers no until it is settled
  const info = graph.getModuleInfo(id);
  const staticImporters = (info?.importers ?? []).filter((importer) => !BARREL.test(importer) && !!graph.getModuleInfo(importer)?.importedIds.includes(id));
  const needed = !!info && (info.isEntry || staticImporters.some((importer) => isFirstLoad(importer, graph)));
  neededFirst.set(id, needed);
  return needed;
}
/**
 * One chunk for everything the first load needs (React DOM, the router, TanStack Query, the shell, My
 * Models): by default it came as about thirty files, modules shared with lazy parts split off into chunks
 * of 0.1–8 kB. One file compresses far better (brotli finds the repeats across modules: 114.6 kB → 101.6 kB)
 * and loads without a waterfall. Everything else splits as before, by dynamic import (docs/adr/0047).
 */
const firstLoadChunk = (id: string, graph: ModuleGraph): string | null => (isFirstLoad(id, graph) ? 'index' : null);

/**
 * engine.io-client without its WebTransport transport: Kiln's socket asks for websocket, then polling
 * (REALTIME_CLIENT_OPTIONS), never WebTransport, whose code was 0.8 kB of the socket chunk's 11.6 kB.
 */
function withoutWebTransport(): Plugin {
  return {
    name: 'kiln:engine-io-without-webtransport',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/]index\.js$/.test(id)) return null;
      return 'import { XHR } from "./polling-xhr.js";\nimport { WS } from "./websocket.js";\nexport const transports = { websocket: WS, polling: XHR };\n';
    },
  };
}

/**
 * Writes dist/.vite/chunk-modules.json, `{ [chunk file]: module ids }` with paths relative to the repo:
 * the first-load budget test (deploy/bench/first-load.ts) reads it to prove no server-only module
 * (API document generators, node: built-ins, server packages) reaches what the browser loads first.
 */
function chunkModules(): Plugin {
  return {
    name: 'kiln:chunk-modules',
    apply: 'build',
    buildStart() {
      neededFirst.clear();
    },
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
    withoutWebTransport(),
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
    // Every browser Kiln supports preloads modules itself: no polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstLoadChunk, debugName: 'first-load' }] } } },
  },
});
