import * as fs from 'node:fs';
import * as path from 'node:path';
import * as constants from '@kiln/contracts/constants';
import * as contracts from '@kiln/contracts';

/** Relative modules `file` imports or re-exports, and whether it imports anything else (a package). */
function importsOf(file: string): { relative: string[]; packages: string[] } {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'([^']+)'/g)].map((m) => m[1]);
  return {
    relative: specifiers.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), `${s}.ts`)),
    packages: specifiers.filter((s) => !s.startsWith('.')),
  };
}

describe('@kiln/contracts/constants', () => {
  it('reaches no package (zod above all) and no module that builds schemas', () => {
    const seen = new Set<string>();
    const packages: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const found = importsOf(file);
      packages.push(...found.packages.map((p) => `${path.relative(__dirname, file)} -> ${p}`));
      found.relative.forEach(visit);
    };
    visit(path.join(__dirname, 'constants.ts'));
    expect(packages).toEqual([]);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('holds the very values @kiln/contracts exports, so server and web agree', () => {
    const values = Object.entries(constants);
    expect(values.length).toBeGreaterThan(5);
    for (const [name, value] of values) expect([name, (contracts as Record<string, unknown>)[name]]).toEqual([name, value]);
  });
});
