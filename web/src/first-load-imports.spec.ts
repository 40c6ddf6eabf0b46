import * as fs from 'node:fs';
import * as path from 'node:path';

/** Every .ts/.tsx file of the web app, tests excluded. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The `@kiln/contracts` barrel builds zod schemas as it loads, so a value imported from it would bring zod and
 * every schema into the browser's first load (docs/adr/0013). The app takes types from it, values from
 * `@kiln/contracts/constants`.
 */
describe('the web app', () => {
  it('imports only types from the @kiln/contracts barrel', () => {
    const valueImports = sources(__dirname).flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return [...source.matchAll(/^\s*(import|export)\s+(?!type\b)[^;]*?from\s+'@kiln\/contracts'/gm)].map(() => path.relative(__dirname, file));
    });
    expect(valueImports).toEqual([]);
  });
});
