import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  DEFAULT_WEB_DIST,
  FIRST_LOAD_BUDGET_BYTES,
  firstLoadFiles,
  Manifest,
  measureFirstLoad,
  readChunkModules,
  readManifest,
  renderFirstLoad,
  serverOnlyModules,
} from './first-load';

/**
 * The first-load budget (issue 6) on the app as built in web/dist: `npm test` builds it first. Without
 * a build this fails (it never passes on nothing): run `npm run build:web` first.
 */
describe('the first load of the built web app', () => {
  it('is the entry chunk and its static imports, each with brotli and gzip copies from the build', () => {
    const files = firstLoadFiles(readManifest());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file).toMatch(/^assets\/.+\.js$/);
      expect([file, fs.existsSync(path.join(DEFAULT_WEB_DIST, `${file}.br`)), fs.existsSync(path.join(DEFAULT_WEB_DIST, `${file}.gz`))]).toEqual([
        file,
        true,
        true,
      ]);
    }
  });

  it(`needs at most ${FIRST_LOAD_BUDGET_BYTES / 1000} kB of brotli-compressed JavaScript`, async () => {
    const load = await measureFirstLoad();
    if (load.brotliBytes > FIRST_LOAD_BUDGET_BYTES) throw new Error(`over budget: ${renderFirstLoad(load)}`);
    expect(load.brotliBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it('holds no server-only module', () => {
    const files = firstLoadFiles(readManifest());
    expect(serverOnlyModules(readChunkModules(), files)).toEqual([]);
  });
});

describe('firstLoadFiles', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_vendor-B.js'], dynamicImports: ['src/Viewer.tsx'] },
    '_vendor-B.js': { file: 'assets/vendor-B.js', imports: ['_shared-C.js'] },
    '_shared-C.js': { file: 'assets/shared-C.js', imports: ['_vendor-B.js'] },
    'src/Viewer.tsx': { file: 'assets/Viewer-D.js', isDynamicEntry: true, imports: ['_three-E.js', '_shared-C.js'] },
    '_three-E.js': { file: 'assets/three-E.js' },
    'style.css': { file: 'assets/index-F.css' },
  };

  it('follows static imports transitively, once each, and leaves out dynamic imports', () => {
    expect(firstLoadFiles(manifest)).toEqual(['assets/index-A.js', 'assets/vendor-B.js', 'assets/shared-C.js']);
  });

  it('refuses a manifest without an entry', () => {
    expect(() => firstLoadFiles({ 'x.js': { file: 'assets/x.js' } })).toThrow(/no entry/);
  });
});

describe('serverOnlyModules', () => {
  it('finds the API document generators, node built-ins and server packages', () => {
    const modules = {
      'assets/index-A.js': [
        'node_modules/react/index.js',
        'contracts/src/index.ts',
        'contracts/src/docs/openapi.ts',
        '__vite-browser-external:node:fs',
        'node_modules/socket.io-client/build/esm/index.js',
        'node_modules/@nestjs/common/index.js',
        'node_modules/zod-to-json-schema/dist/esm/index.js',
      ],
    };
    expect(serverOnlyModules(modules, ['assets/index-A.js']).map((m) => m.id)).toEqual([
      'contracts/src/docs/openapi.ts',
      '__vite-browser-external:node:fs',
      'node_modules/@nestjs/common/index.js',
      'node_modules/zod-to-json-schema/dist/esm/index.js',
    ]);
  });

  it('refuses a first-load file the module list does not cover', () => {
    expect(() => serverOnlyModules({}, ['assets/index-A.js'])).toThrow(/no list/);
  });
});

describe('without a build', () => {
  it('says to build first', async () => {
    await expect(measureFirstLoad('/nonexistent-web-dist')).rejects.toThrow('run npm run build:web first');
  });
});
