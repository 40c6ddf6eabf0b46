import { Inject, Injectable } from '@nestjs/common';
import { ListMyPluginsQuery, ListVersionsQuery, Plugin, PluginLog, PluginVersionSnapshot } from '@kiln/contracts';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { PluginRegistryDatabase, SCHEMA } from '../../schema';

/** The read models the queries answer from (plugin_view, plugin_version_view, plugin_log_view). */
@Injectable()
export class PgPluginReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<PluginRegistryDatabase>) {}

  private get t() {
    return this.db.withSchema(SCHEMA);
  }

  async plugin(id: string): Promise<Plugin | null> {
    const row = await this.t.selectFrom('plugin_view').select('data').where('id', '=', id).executeTakeFirst();
    return row ? (row.data as Plugin) : null;
  }

  async pluginByPackageId(pluginId: string): Promise<Plugin | null> {
    const row = await this.t.selectFrom('plugin_view').select('data').where('plugin_id', '=', pluginId).executeTakeFirst();
    return row ? (row.data as Plugin) : null;
  }

  async myPlugins(userId: string, q: ListMyPluginsQuery): Promise<{ data: Plugin[]; total: number }> {
    const where = q.where ?? {};
    let query = this.t.selectFrom('plugin_view').where('author_id', '=', userId);
    if (where.teamId !== undefined) query = where.teamId === null ? query.where('team_id', 'is', null) : query.where('team_id', '=', where.teamId);
    if (where.projectId !== undefined)
      query = where.projectId === null ? query.where('project_id', 'is', null) : query.where('project_id', '=', where.projectId);
    if (where.private !== undefined) query = query.where('private', '=', where.private);
    if (where.name?.contains) query = query.where(sql<boolean>`strpos(lower(name), lower(${where.name.contains})) > 0`);
    const [rows, count] = await Promise.all([
      query.select('data').orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(q.skip).limit(q.limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((r) => r.data as Plugin), total: Number(count.n) };
  }

  async versions(
    pluginRecordId: string,
    q: Pick<ListVersionsQuery, 'skip' | 'limit'> & { version?: string; onlyPublished?: boolean; ascending?: boolean },
  ): Promise<{ data: PluginVersionSnapshot[]; total: number }> {
    let query = this.t.selectFrom('plugin_version_view').where('plugin_record_id', '=', pluginRecordId);
    if (q.version) query = query.where('version', '=', q.version);
    if (q.onlyPublished) query = query.where('status', '=', 'published');
    const [rows, count] = await Promise.all([
      query
        .select('data')
        .orderBy('created_at', q.ascending ? 'asc' : 'desc')
        .orderBy('id', q.ascending ? 'asc' : 'desc')
        .offset(q.skip)
        .limit(q.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((r) => r.data as PluginVersionSnapshot), total: Number(count.n) };
  }

  async version(pluginRecordId: string, version: string): Promise<PluginVersionSnapshot | null> {
    const row = await this.t
      .selectFrom('plugin_version_view')
      .select('data')
      .where('plugin_record_id', '=', pluginRecordId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? (row.data as PluginVersionSnapshot) : null;
  }

  async publishedVersionOf(packageId: string, version: string): Promise<PluginVersionSnapshot | null> {
    const row = await this.t
      .selectFrom('plugin_version_view')
      .select('data')
      .where('package_id', '=', packageId)
      .where('version', '=', version)
      .where('status', '=', 'published')
      .executeTakeFirst();
    return row ? (row.data as PluginVersionSnapshot) : null;
  }

  async logs(versionId: string, q: { skip: number; limit: number; ascending: boolean }): Promise<{ data: PluginLog[]; total: number }> {
    const query = this.t.selectFrom('plugin_log_view').where('version_id', '=', versionId);
    const [rows, count] = await Promise.all([
      query
        .select('data')
        .orderBy('seq', q.ascending ? 'asc' : 'desc')
        .offset(q.skip)
        .limit(q.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((r) => r.data as PluginLog), total: Number(count.n) };
  }

  async publicPlugins(q: { skip: number; limit: number; term?: string }): Promise<{ data: Plugin[]; total: number }> {
    let query = this.t.selectFrom('plugin_view').where('private', '=', false).where('latest_version', 'is not', null);
    if (q.term) query = query.where(sql<boolean>`strpos(lower(name), lower(${q.term})) > 0`);
    const [rows, count] = await Promise.all([
      query.select('data').orderBy('name').orderBy('id').offset(q.skip).limit(q.limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((r) => r.data as Plugin), total: Number(count.n) };
  }
}
