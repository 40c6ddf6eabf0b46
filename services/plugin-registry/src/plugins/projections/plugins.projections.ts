import { PLUGIN_REGISTRY_STREAM, PluginLog, PluginSnapshot, PluginVersionSnapshot } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { Insertable, Transaction } from 'kysely';
import { pluginFromJson, toPluginSnapshot, toVersionSnapshot, versionFromJson } from '../adapters/mappers';
import { PluginRegistryDatabase, SCHEMA } from '../../schema';

type Trx = Transaction<PluginRegistryDatabase>;

const pluginRow = (p: PluginSnapshot) => ({
  id: p.id,
  plugin_id: p.pluginId,
  slug: p.slug,
  name: p.name,
  author_id: p.authorId,
  private: p.private,
  team_id: p.teamId,
  project_id: p.projectId,
  latest_version: p.latestVersion,
  updated_at: p.updatedAt,
  version: p.version,
  data: JSON.stringify(p),
});
const versionRow = (v: PluginVersionSnapshot) => ({
  id: v.id,
  plugin_record_id: v.pluginId,
  package_id: v.packageId,
  version: v.version,
  status: v.status,
  author_id: v.authorId,
  created_at: v.createdAt,
  revision: v.revision,
  data: JSON.stringify(v),
});

async function upsertPlugin(trx: Trx, p: PluginSnapshot): Promise<void> {
  const row = pluginRow(p);
  // The record's version orders the facts: a late or repeated event never overwrites a newer state.
  await trx
    .withSchema(SCHEMA)
    .insertInto('plugin_view')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row).where('plugin_view.version', '<', p.version))
    .execute();
}

async function upsertVersion(trx: Trx, v: PluginVersionSnapshot): Promise<void> {
  const row = versionRow(v);
  await trx
    .withSchema(SCHEMA)
    .insertInto('plugin_version_view')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row).where('plugin_version_view.revision', '<', v.revision))
    .execute();
}

const REBUILD_CHUNK = 1000;

/** A rebuild's rows, into a view it has just emptied: a thousand per statement. */
async function insertAll<T extends 'plugin_view' | 'plugin_version_view' | 'plugin_log_view'>(
  trx: Trx,
  table: T,
  rows: Insertable<PluginRegistryDatabase[T]>[],
): Promise<number> {
  for (let i = 0; i < rows.length; i += REBUILD_CHUNK)
    await trx
      .withSchema(SCHEMA)
      .insertInto(table)
      .values(rows.slice(i, i + REBUILD_CHUNK))
      .execute();
  return rows.length;
}

/** plugin_view, from plugin events (each carries the plugin's state after it). */
export const ProjectPluginsOnPluginEvents: Projection = {
  name: 'project-plugins-on-plugin-events',
  stream: PLUGIN_REGISTRY_STREAM.name,
  subject: 'plugin-registry.plugin.>',
  async apply(trx, event) {
    const plugin = (event.data as { plugin: PluginSnapshot }).plugin;
    if (event.type === 'plugin-registry.plugin.deleted.v1') {
      await trx.withSchema(SCHEMA).deleteFrom('plugin_view').where('id', '=', plugin.id).execute();
      await trx.withSchema(SCHEMA).deleteFrom('plugin_version_view').where('plugin_record_id', '=', plugin.id).execute();
      return;
    }
    await upsertPlugin(trx as Trx, plugin);
  },
  async rebuild(trx) {
    const t = trx as Trx;
    await t.withSchema(SCHEMA).deleteFrom('plugin_view').execute();
    const rows = await t.withSchema(SCHEMA).selectFrom('plugins').select('state').execute();
    return insertAll(
      t,
      'plugin_view',
      rows.map((r) => pluginRow(toPluginSnapshot(pluginFromJson(r.state)))),
    );
  },
};

/** plugin_version_view (with the five actions), from version events. */
export const ProjectVersionsOnVersionEvents: Projection = {
  name: 'project-versions-on-version-events',
  stream: PLUGIN_REGISTRY_STREAM.name,
  subject: 'plugin-registry.version.>',
  async apply(trx, event) {
    const version = (event.data as { version: PluginVersionSnapshot }).version;
    if (event.type === 'plugin-registry.version.deleted.v1') {
      await trx.withSchema(SCHEMA).deleteFrom('plugin_version_view').where('id', '=', version.id).execute();
      await trx.withSchema(SCHEMA).deleteFrom('plugin_log_view').where('version_id', '=', version.id).execute();
      return;
    }
    await upsertVersion(trx as Trx, version);
  },
  async rebuild(trx) {
    const t = trx as Trx;
    await t.withSchema(SCHEMA).deleteFrom('plugin_version_view').execute();
    const rows = await t.withSchema(SCHEMA).selectFrom('plugin_versions').select('state').execute();
    return insertAll(
      t,
      'plugin_version_view',
      rows.map((r) => versionRow(toVersionSnapshot(versionFromJson(r.state)))),
    );
  },
};

/** plugin_log_view, from log events. */
export const ProjectLogsOnLogEvents: Projection = {
  name: 'project-logs-on-log-events',
  stream: PLUGIN_REGISTRY_STREAM.name,
  subject: 'plugin-registry.log.>',
  async apply(trx, event) {
    const { log } = event.data as { log: PluginLog };
    await trx
      .withSchema(SCHEMA)
      .insertInto('plugin_log_view')
      .values({ id: log.id, version_id: event.aggregateId, seq: log.seq, data: JSON.stringify(log) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
  async rebuild(trx) {
    const t = trx as Trx;
    await t.withSchema(SCHEMA).deleteFrom('plugin_log_view').execute();
    const rows = await t.withSchema(SCHEMA).selectFrom('plugin_logs').select(['id', 'version_id', 'seq', 'log']).execute();
    return insertAll(
      t,
      'plugin_log_view',
      rows.map((r) => ({ id: r.id, version_id: r.version_id, seq: r.seq, data: JSON.stringify({ ...(r.log as object), seq: Number(r.seq) }) })),
    );
  },
};

export const pluginRegistryProjections = [ProjectPluginsOnPluginEvents, ProjectVersionsOnVersionEvents, ProjectLogsOnLogEvents];
