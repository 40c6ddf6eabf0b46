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
  return [
    ...text.matchAll(/(import|export)(\s+type\b)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => ({
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
    const allowed = (s: string, typeOnly: boolean) =>
      relativeOnly(s) || s === '@kiln/contracts/constants' || libraries.includes(s) || (typeOnly && s === '@kiln/contracts');
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
    const services = ['workspace', 'plugin-registry', 'assets', 'commerce', 'integrations'];
    for (const service of services) {
      const others = services.filter((s) => s !== service);
      expect(violations(`services/${service}/src`, (s) => !others.some((o) => s === `@kiln/${o}-service` || s.includes(`services/${o}/`)))).toEqual([]);
    }
  });
});

// Issue 17: one layout for every area of every service, so a new area copies one shape.
// services/<service>/src/<area>/ holds only these folders; plain files beside them are the area's own helpers.
const SERVICES = ['workspace', 'plugin-registry', 'assets', 'commerce', 'integrations'];
const AREA_FOLDERS = ['commands', 'queries', 'ports', 'adapters', 'projections', 'reactions'];
/** Folders of a service's src/ that are not areas. */
const NOT_AREAS = ['migrations'];

const foldersIn = (dir: string) => readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
const filesIn = (dir: string) => readdirSync(dir).filter((name) => !statSync(join(dir, name)).isDirectory());
const areasOf = (service: string) => foldersIn(join(root, `services/${service}/src`)).filter((name) => !NOT_AREAS.includes(name));

function layoutFaults(service: string): string[] {
  const faults: string[] = [];
  for (const area of areasOf(service)) {
    const dir = join(root, `services/${service}/src/${area}`);
    const where = `services/${service}/src/${area}`;
    if (AREA_FOLDERS.includes(area)) faults.push(`${where}: ${area} belong inside an area, not at the service's root`);
    for (const folder of foldersIn(dir)) {
      if (!AREA_FOLDERS.includes(folder)) faults.push(`${where}/${folder} is not one of ${AREA_FOLDERS.join(', ')}`);
    }
    for (const file of filesIn(dir)) {
      if (/\.slice\.ts$/.test(file)) faults.push(`${where}/${file}: routes live in ${area}.routes.ts`);
      if (/\.routes\.ts$/.test(file) && file !== `${area}.routes.ts`) faults.push(`${where}/${file}: the area's routes file is ${area}.routes.ts`);
    }
    const useCases = ['commands', 'queries'].filter((kind) => foldersIn(dir).includes(kind));
    if (useCases.length && !filesIn(dir).includes(`${area}.routes.ts`)) faults.push(`${where} has use cases but no ${area}.routes.ts`);
    for (const kind of useCases) {
      const decorator = kind === 'commands' ? '@CommandHandler(' : '@QueryHandler(';
      for (const file of filesIn(join(dir, kind))) faults.push(`${where}/${kind}/${file}: each use case is a folder of its own`);
      for (const useCase of foldersIn(join(dir, kind))) {
        const texts = sourceFiles(join(dir, kind, useCase)).map((file) => readFileSync(file, 'utf8'));
        if (!texts.some((text) => text.includes(decorator))) faults.push(`${where}/${kind}/${useCase} has no ${decorator}…) handler`);
      }
    }
  }
  return faults;
}

/** Commands, queries and routes say what happens; only adapters (and projections, migrations) speak SQL. */
function sqlFaults(service: string): string[] {
  const src = join(root, `services/${service}/src`);
  const speaking = sourceFiles(src).filter((file) => {
    const path = relative(src, file);
    return /(^|\/)(commands|queries)\//.test(path) || /\.routes\.ts$/.test(path);
  });
  return speaking.flatMap((file) => {
    const faults = importsOf(file)
      .filter(({ specifier }) => specifier === 'kysely' || specifier === 'pg')
      .map(({ specifier }) => `${relative(root, file)} imports ${specifier}`);
    const text = readFileSync(file, 'utf8');
    if (/\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(text)) faults.push(`${relative(root, file)} builds SQL`);
    return faults;
  });
}

describe('one layout for every service (issue 17)', () => {
  it.each(SERVICES)('every area of %s follows <area>/commands|queries/<use-case>/, ports, adapters, projections, reactions and <area>.routes.ts', (service) => {
    expect(layoutFaults(service)).toEqual([]);
  });

  it.each(SERVICES)('commands, queries and routes of %s never import kysely or pg, nor build SQL', (service) => {
    expect(sqlFaults(service)).toEqual([]);
  });
});
