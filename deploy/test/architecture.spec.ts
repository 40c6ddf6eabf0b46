import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// The layer rules of the design, checked mechanically on every test run.
const root = resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function violations(dir: string, allowed: (specifier: string, file: string) => boolean): string[] {
  return sourceFiles(join(root, dir)).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => !allowed(specifier, file))
      .map((specifier) => `${relative(root, file)} imports ${specifier}`),
  );
}

const relativeOnly = (s: string) => s.startsWith('.');

describe('layer rules', () => {
  it('domain imports nothing but itself', () => {
    expect(violations('domain/src', relativeOnly)).toEqual([]);
  });

  it('contracts import only zod', () => {
    expect(violations('contracts/src', (s) => relativeOnly(s) || s === 'zod')).toEqual([]);
  });

  it('the web app never imports services or the BFF', () => {
    expect(violations('web/src', (s) => !/(^@kiln\/(service-kit|bff|.*-service)$)|services\/|bff\//.test(s))).toEqual([]);
  });

  it('the BFF never opens Postgres', () => {
    expect(violations('bff/src', (s) => !['pg', 'kysely'].includes(s))).toEqual([]);
  });

  it('a service never imports another service', () => {
    const services = ['workspace', 'plugin-registry', 'assets', 'commerce'];
    for (const service of services) {
      const others = services.filter((s) => s !== service);
      expect(violations(`services/${service}/src`, (s) => !others.some((o) => s === `@kiln/${o}-service` || s.includes(`services/${o}/`)))).toEqual([]);
    }
  });
});
