/** The Postgres schema this service owns (ADR 0066): the event journal, and the webhooks' tables (ADR 0067). */
export const SCHEMA = 'integrations';

/** The journal's NOTIFY channel: a commit of new journal rows wakes the waiting readers of every instance. */
export const JOURNAL_CHANNEL = 'integrations_journal';
