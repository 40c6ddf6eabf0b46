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

/** Each import's specifier, and whether it brings types only (`import type …`: erased, no runtime coupling). */
function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(import|export)(\s+type\b)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => ({
    specifier: m[3] ?? m[4] ?? m[5],
    typeOnly: Boolean(m[2]),
  }));
}

function violations(dir: string, allowed: (specifier: string, typeOnly: boolean) => boolean): string[] {
  return sourceFiles(join(root, dir)).flatMap((file) =>
    importsOf(file)
      .filter(({ specifier, typeOnly }) => !allowed(specifier, typeOnly))
      .map(({ specifier }) => `${relative(root, file)} imports ${specifier}`),
  );
}

const relativeOnly = (s: string) => s.startsWith('.');

describe('layer rules', () => {
  // ADR 0035: besides itself, the domain may read the spec's plain tables (unit ids, material classes; no zod)
  // from @kiln/contracts/constants, take types from the contracts, and convert units with js-quantities.
  // ADR 0042: and estimate a password's strength with zxcvbn (pure computation, no I/O).
  it('domain imports nothing but itself, the spec tables, contract types, the units library and the password estimator', () => {
    const libraries = ['js-quantities', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common'];
    const allowed = (s: string, typeOnly: boolean) => relativeOnly(s) || s === '@kiln/contracts/constants' || libraries.includes(s) || (typeOnly && s === '@kiln/contracts');
    expect(violations('domain/src', allowed)).toEqual([]);
  });

  it('contracts import only zod', () => {
    expect(violations('contracts/src', (s) => relativeOnly(s) || s === 'zod')).toEqual([]);
  });

  it('the web app never imports services or the BFF', () => {
    // Relative paths climbing out of web/ into services/ or bff/ (web/src/business/services is the web's own folder).
    expect(violations('web/src', (s) => !/(^@kiln\/(service-kit|bff|.*-service)$)|^(\.\.\/)+(services|bff)\//.test(s))).toEqual([]);
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
