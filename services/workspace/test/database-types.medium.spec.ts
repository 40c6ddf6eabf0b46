import { DiffChecker } from 'kysely-codegen';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SCHEMA_TYPES } from '../../../deploy/scripts/db-types';
import { generateSchemaTypes } from '../../../deploy/scripts/schema-types';

/**
 * The committed kysely table types must be what the migrations produce: a migration changed without
 * `npm run db:types` fails here. Each entry of the script's list is checked against a freshly migrated
 * throwaway database.
 */
describe('generated kysely table types', () => {
  it.each(SCHEMA_TYPES.map((target) => [target.outFile, target] as const))('%s matches the migrated schema', async (outFile, target) => {
    const generated = await generateSchemaTypes(target);
    const committed = readFileSync(resolve(__dirname, '../../..', outFile), 'utf8');
    if (generated !== committed) {
      const diff = new DiffChecker().diff(committed, generated);
      throw new Error(`${outFile} differs from the migrations of schema "${target.schema}": run npm run db:types\n${diff}`);
    }
  });
});
