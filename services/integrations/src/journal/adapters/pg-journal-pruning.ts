import { WEBHOOK_LOG_DAYS } from '@kiln/contracts';
import { parseDurationMs, type PruneHook, readStreamSettings } from '@kiln/service-kit';
import { sql } from 'kysely';

const DAY_MS = 86_400_000;
/** The journal keeps 90 days of events unless `KILN_EVENT_JOURNAL_RETENTION` says otherwise (ADR 0066, amended). */
const DEFAULT_RETENTION_MS = 90 * DAY_MS;

/**
 * How long the journal keeps an event (`KILN_EVENT_JOURNAL_RETENTION`: seconds or `90d`, `12h`…), never less than
 * the webhook delivery log (a redelivery reads its event here) nor the streams' own age (an event the streams still
 * hold must not be journaled a second time after its row went).
 */
export function readJournalRetentionMs(env: NodeJS.ProcessEnv = process.env): number {
  const asked = env.KILN_EVENT_JOURNAL_RETENTION ? parseDurationMs(env.KILN_EVENT_JOURNAL_RETENTION, 'KILN_EVENT_JOURNAL_RETENTION') : DEFAULT_RETENTION_MS;
  return Math.max(asked, WEBHOOK_LOG_DAYS * DAY_MS, readStreamSettings(env).maxAgeMs);
}

/**
 * The prune job's hook (kit's pruneOnce, one instance at a time): deletes the journal's events that occurred before
 * the retention window, but none a webhook still needs (a pending delivery's event, or one the fan-out has not
 * reached yet), and records the last position deleted, so a reader whose cursor is older is told (410) rather than
 * silently skipping what was deleted.
 */
export const journalPruneHook =
  (retentionMs: number): PruneHook =>
  async (trx, now) => {
    const before = new Date(now.getTime() - retentionMs);
    const { rows } = await sql<{ cutoff: string | null }>`
      SELECT LEAST(
        old.position,
        (SELECT min(position) - 1 FROM integrations.webhook_deliveries WHERE status = 'pending'),
        (SELECT min(position) FROM integrations.webhook_fanout)
      )::text AS cutoff
      FROM (SELECT max(position) AS position FROM integrations.event_journal WHERE occurred_at < ${before}) AS old
      WHERE old.position IS NOT NULL`.execute(trx);
    const cutoff = rows[0]?.cutoff;
    if (!cutoff) return 0;
    const deleted = await sql`DELETE FROM integrations.event_journal WHERE position <= ${cutoff}::bigint`.execute(trx);
    await sql`
      INSERT INTO integrations.journal_horizon (id, pruned_through, pruned_at) VALUES (1, ${cutoff}::bigint, ${now})
      ON CONFLICT (id) DO UPDATE
        SET pruned_through = GREATEST(journal_horizon.pruned_through, EXCLUDED.pruned_through), pruned_at = EXCLUDED.pruned_at`.execute(trx);
    return Number(deleted.numAffectedRows ?? 0);
  };
