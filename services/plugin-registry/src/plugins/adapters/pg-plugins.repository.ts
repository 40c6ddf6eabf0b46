import { Inject, Injectable } from '@nestjs/common';
import { PluginLog } from '@kiln/contracts';
import { DomainError, DomainEvent, PLUGIN_MESSAGES, PluginAggregate, PluginState, PluginVersionAggregate, PluginVersionState } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta, writeVersioned } from '@kiln/service-kit';
import { Kysely, sql, Transaction } from 'kysely';
import { PluginsRepository, SavedEvent } from '../ports/plugins.repository.port';
import { PluginRegistryDatabase, SCHEMA } from '../../schema';
import { pluginFromJson, toPluginSnapshot, toVersionSnapshot, versionFromJson } from './mappers';

type Trx = Transaction<PluginRegistryDatabase>;

/** Domain events carry domain state; the integration events carry the contract's snapshots. */
function toIntegration(event: DomainEvent): DomainEvent {
  const data: Record<string, unknown> = { ...(event.data as object) };
  if (data.plugin) data.plugin = toPluginSnapshot(data.plugin as PluginState);
  if (data.version) data.version = toVersionSnapshot(data.version as PluginVersionState);
  return { ...event, data };
}

const isUniqueViolation = (e: unknown, constraint?: string) =>
  (e as { code?: string }).code === '23505' && (!constraint || (e as { constraint?: string }).constraint === constraint);

/**
 * Plugins and versions, state plus outbox in one transaction (optimistic by version/revision). Several
 * aggregates may be saved together (a publish changes the version and its plugin).
 */
@Injectable()
export class PgPluginsRepository implements PluginsRepository {
  constructor(@Inject(DB) readonly db: Kysely<PluginRegistryDatabase>) {}

  async loadPlugin(id: string, trx: Kysely<PluginRegistryDatabase> = this.db): Promise<PluginAggregate | null> {
    const row = await trx.withSchema(SCHEMA).selectFrom('plugins').select('state').where('id', '=', id).executeTakeFirst();
    return row ? PluginAggregate.restore(pluginFromJson(row.state)) : null;
  }

  async loadVersion(pluginRecordId: string, version: string, trx: Kysely<PluginRegistryDatabase> = this.db): Promise<PluginVersionAggregate | null> {
    const row = await trx
      .withSchema(SCHEMA)
      .selectFrom('plugin_versions')
      .select('state')
      .where('plugin_record_id', '=', pluginRecordId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? PluginVersionAggregate.restore(versionFromJson(row.state)) : null;
  }

  async loadVersionById(id: string): Promise<PluginVersionAggregate | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('plugin_versions').select('state').where('id', '=', id).executeTakeFirst();
    return row ? PluginVersionAggregate.restore(versionFromJson(row.state)) : null;
  }

  usedVersions(pluginRecordId: string): Promise<string[]> {
    return this.db
      .withSchema(SCHEMA)
      .selectFrom('plugin_used_versions')
      .select('version')
      .where('plugin_record_id', '=', pluginRecordId)
      .execute()
      .then((rows) => rows.map((r) => r.version));
  }

  /** Versions of a plugin that are published now (what the plugin's latestVersion follows). */
  async publishedVersions(pluginRecordId: string, trx: Kysely<PluginRegistryDatabase> = this.db): Promise<string[]> {
    const rows = await trx
      .withSchema(SCHEMA)
      .selectFrom('plugin_versions')
      .select('version')
      .where('plugin_record_id', '=', pluginRecordId)
      .where(sql<boolean>`state->>'status' = 'published'`)
      .execute();
    return rows.map((r) => r.version);
  }

  async pluginIdTaken(pluginId: string): Promise<boolean> {
    return !!(await this.db.withSchema(SCHEMA).selectFrom('plugins').select('id').where('plugin_id', '=', pluginId).executeTakeFirst());
  }

  async slugTaken(slug: string): Promise<boolean> {
    return !!(await this.db.withSchema(SCHEMA).selectFrom('plugins').select('id').where('slug', '=', slug).executeTakeFirst());
  }

  /** Saves the aggregates and their events in one transaction; answers the event ids. */
  async save(aggregates: (PluginAggregate | PluginVersionAggregate)[], meta: EventMeta, more?: (trx: Trx) => Promise<void>): Promise<SavedEvent[]> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const events: DomainEvent[] = [];
        for (const aggregate of aggregates) {
          const pulled = aggregate.pullEvents();
          if (pulled.length === 0) continue;
          events.push(...pulled);
          if (aggregate instanceof PluginAggregate) await this.writePlugin(trx, aggregate);
          else await this.writeVersion(trx, aggregate);
        }
        await more?.(trx);
        const envelopes = await appendToOutbox(trx, SCHEMA, events.map(toIntegration), meta);
        return envelopes.map((e) => ({ eventId: e.eventId, type: e.type }));
      });
    } catch (e) {
      if (isUniqueViolation(e, 'plugins_plugin_id_key'))
        throw new DomainError('conflict', PLUGIN_MESSAGES.pluginExists, [{ path: 'pluginId', message: PLUGIN_MESSAGES.pluginExists }]);
      if (isUniqueViolation(e, 'plugins_slug_key'))
        throw new DomainError('conflict', PLUGIN_MESSAGES.slugUsed, [{ path: 'slug', message: PLUGIN_MESSAGES.slugUsed }]);
      if (isUniqueViolation(e))
        throw new DomainError('invalid', PLUGIN_MESSAGES.versionNotHigher, [{ path: 'version', message: PLUGIN_MESSAGES.versionNotHigher }]);
      throw e;
    }
  }

  /** The job and its place in the build queue commit together (ADR 0039): any instance may then run it. */
  saveQueued(version: PluginVersionAggregate, meta: EventMeta, queue: Record<string, unknown>): Promise<SavedEvent[]> {
    const id = version.snapshot().id;
    return this.save([version], meta, (trx) =>
      trx
        .withSchema(SCHEMA)
        .updateTable('plugin_versions')
        .set(queue)
        .where('id', '=', id)
        .execute()
        .then(() => undefined),
    );
  }

  /** Log lines of a running step: rows and their events, one transaction per batch. */
  async appendLogs(logs: PluginLog[], authorId: string, versionId: string): Promise<void> {
    if (logs.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .withSchema(SCHEMA)
        .insertInto('plugin_logs')
        .values(logs.map((log) => ({ id: log.id, version_id: versionId, log: JSON.stringify(log) })))
        .returning(['id', 'seq'])
        .execute();
      const seqOf = new Map(rows.map((r) => [r.id as string, Number(r.seq)]));
      const events = logs.map((log) => ({
        type: 'plugin-registry.log.written.v1',
        aggregateType: 'plugin-version',
        aggregateId: versionId,
        data: { log: { ...log, seq: seqOf.get(log.id)! }, authorId },
      }));
      await appendToOutbox(trx, SCHEMA, events, { actorId: null, occurredAt: new Date() });
    });
  }

  private async writePlugin(trx: Trx, plugin: PluginAggregate): Promise<void> {
    const s = plugin.snapshot();
    const t = trx.withSchema(SCHEMA);
    await writeVersioned(trx, SCHEMA, {
      table: 'plugins',
      row: { id: s.id, plugin_id: s.pluginId, slug: s.slug, author_id: s.authorId, version: s.version, state: JSON.stringify(s) },
      set: { version: s.version, state: JSON.stringify(s) },
      loadedVersion: plugin.loadedVersion,
      deleted: plugin.isDeleted,
    });
    if (plugin.isDeleted) {
      await t.deleteFrom('plugin_versions').where('plugin_record_id', '=', s.id).execute();
      await t.deleteFrom('plugin_used_versions').where('plugin_record_id', '=', s.id).execute();
    }
  }

  private async writeVersion(trx: Trx, v: PluginVersionAggregate): Promise<void> {
    const s = v.snapshot();
    const t = trx.withSchema(SCHEMA);
    const job = { job_id: s.jobId };
    if (v.loadedRevision === 0) await t.insertInto('plugin_used_versions').values({ plugin_record_id: s.pluginId, version: s.version }).execute();
    await writeVersioned(trx, SCHEMA, {
      table: 'plugin_versions',
      row: { id: s.id, plugin_record_id: s.pluginId, version: s.version, revision: s.revision, state: JSON.stringify(s), ...job },
      // A finished job gives its lease and its build slot up.
      set: {
        revision: s.revision,
        state: JSON.stringify(s),
        ...job,
        ...(s.jobId ? {} : { lease_owner: null, lease_until: null, queued_at: null, started_at: null, run_host: null }),
      },
      loadedVersion: v.loadedRevision,
      deleted: v.isDeleted,
      versionColumn: 'revision',
    });
  }
}
