import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BUILD_MARKER, buildRootOf, buildServer, compiledEntry, serverSources } from '../src/build';
import { REPO_ROOT } from '../src/stack';

describe('compiledEntry', () => {
  it('names the .js file of each .ts entry point, in main and in exports', () => {
    expect(compiledEntry('src/index.ts')).toBe('src/index.js');
    expect(compiledEntry({ '.': './src/index.ts', './docs': { default: './src/docs/index.ts' } })).toEqual({
      '.': './src/index.js',
      './docs': { default: './src/docs/index.js' },
    });
    expect(compiledEntry('./README.md')).toBe('./README.md');
  });
});

/** A two-package repository: a service that imports @kiln/contracts and uses Nest-style decorators. */
function miniRepo(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-build-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write(
    'contracts/package.json',
    JSON.stringify({ name: '@kiln/contracts', main: 'src/index.ts', exports: { '.': './src/index.ts', './docs': './src/docs/index.ts' } }),
  );
  write('contracts/src/index.ts', "export const greeting: string = 'hello';\n");
  write('contracts/src/docs/index.ts', "export const docs: string = 'docs';\n");
  write('contracts/src/index.spec.ts', "it('is not compiled', () => undefined);\n");
  write('services/workspace/package.json', JSON.stringify({ name: '@kiln/workspace-service', main: 'src/main.ts' }));
  write(
    'services/workspace/src/main.ts',
    [
      "import { greeting } from '@kiln/contracts';",
      "import { docs } from '@kiln/contracts/docs';",
      'function tag(): ClassDecorator { return () => undefined; }',
      '@tag() class Greeter { constructor(readonly name: string) {} }',
      'console.log(`${greeting} ${docs} ${new Greeter("kiln").name}`);',
    ].join('\n'),
  );
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  return root;
}

describe('buildServer', () => {
  let root: string;
  beforeAll(() => {
    root = miniRepo();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('compiles the sources (not the specs) into dist/server/<hash>, where workspace packages resolve to compiled code', async () => {
    expect(serverSources(root)).toEqual(['contracts/src/docs/index.ts', 'contracts/src/index.ts', 'services/workspace/src/main.ts']);
    const build = await buildServer(root);
    expect(build.built).toBe(true);
    expect(build.dir).toBe(path.join(root, 'dist', 'server', build.hash));
    expect(fs.existsSync(path.join(build.dir, 'contracts', 'src', 'index.spec.js'))).toBe(false);
    expect(buildRootOf(path.join(build.dir, 'services', 'workspace', 'src'), 3)).toBe(build.dir);
    const printed = execFileSync(process.execPath, [path.join(root, 'dist', 'server', 'current', 'services', 'workspace', 'src', 'main.js')], {
      encoding: 'utf8',
    });
    expect(printed.trim()).toBe('hello docs kiln');
  });

  it('reuses a build of the same sources and builds again after an edit', async () => {
    const first = await buildServer(root);
    expect((await buildServer(root)).built).toBe(false);
    fs.writeFileSync(path.join(root, 'contracts', 'src', 'index.ts'), "export const greeting: string = 'hi';\n");
    const second = await buildServer(root);
    expect(second.built).toBe(true);
    expect(second.hash).not.toBe(first.hash);
    expect(fs.readlinkSync(path.join(root, 'dist', 'server', 'current'))).toBe(second.hash);
    expect(fs.existsSync(path.join(second.dir, BUILD_MARKER))).toBe(true);
  });

  it('is not confused by builds running at the same time', async () => {
    fs.writeFileSync(path.join(root, 'contracts', 'src', 'index.ts'), "export const greeting: string = 'hey';\n");
    const builds = await Promise.all([buildServer(root), buildServer(root), buildServer(root)]);
    expect(new Set(builds.map((b) => b.dir)).size).toBe(1);
    const printed = execFileSync(process.execPath, [path.join(builds[0].dir, 'services', 'workspace', 'src', 'main.js')], { encoding: 'utf8' });
    expect(printed.trim()).toBe('hey docs kiln');
    expect(fs.readdirSync(path.join(root, 'dist', 'server')).filter((e) => e.startsWith('.tmp-'))).toEqual([]);
  });
});
