import { Kysely, Transaction } from 'kysely';

// The kit's plumbing (outbox, projections, idempotency, limits, pruning, its own migrations) runs inside every service's
// schema, against tables it names itself; no one service's database.generated.ts describes them, so its handles are
// schema-agnostic on purpose. A service's Kysely<ServiceDatabase> is passed in as it is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: any service's schema
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: any service's schema
export type AnyTrx = Transaction<any>;
