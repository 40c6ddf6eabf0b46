import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { commerceMigrations } from '../../services/commerce/src/migrations';
import { pluginRegistryMigrations } from '../../services/plugin-registry/src/migrations';
import { workspaceMigrations } from '../../services/workspace/src/migrations';
import { generateSchemaTypes, SchemaTypesTarget } from './schema-types';

/**
 * `npm run db:types`: regenerates each service's kysely table types from its migrations.
 * A new service adds one line here.
 */
export const SCHEMA_TYPES: SchemaTypesTarget[] = [
  { schema: 'workspace', migrations: workspaceMigrations, outFile: 'services/workspace/src/database.generated.ts' },
  { schema: 'commerce', migrations: commerceMigrations, outFile: 'services/commerce/src/database.generated.ts' },
  { schema: 'plugin_registry', migrations: pluginRegistryMigrations, outFile: 'services/plugin-registry/src/database.generated.ts' },
];

async function main(): Promise<void> {
  for (const target of SCHEMA_TYPES) {
    writeFileSync(resolve(__dirname, '../..', target.outFile), await generateSchemaTypes(target));
    console.log(`wrote ${target.outFile} (schema ${target.schema})`);
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
