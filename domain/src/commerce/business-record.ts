import { COMMON_MESSAGES } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';

/**
 * A business record (catalog item, material, service; ADR 0029) as an event-sourced aggregate. Its
 * stream holds four kinds of facts — created, updated, deleted, restored (an undone removal) — each listing the fields it changed
 * with their values before and after. The state is the fold of those facts (`replayRecord`), the timeline is
 * the facts themselves, and a past version is the fold of the first N. What differs per record type is
 * only how input becomes valid fields: `RecordRules` (material-rules.ts, service-rules.ts,
 * catalog-rules.ts), which throw DomainError('invalid', spec sentence, field errors).
 */
export type Changes = Record<string, { from: unknown; to: unknown }>;
export type RecordFactKind = 'created' | 'updated' | 'deleted' | 'restored';

export interface RecordFact {
  /** `<record type>.<kind>`, e.g. `material.updated`. */
  type: string;
  changes: Changes;
  at: Date;
  /** The user who made the change. */
  by: string;
}

export interface RecordMeta {
  id: string;
  ownerId: string;
  teamId: string | null;
  projectId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Facts in the stream so far: the expected version of the next append. */
  version: number;
  deleted: boolean;
}

export type RecordState<F> = RecordMeta & { fields: F };

/** How one record type turns input into valid fields (its spec rules live here). */
export interface RecordRules<F extends object, CreateInput, UpdateInput> {
  /** `material`, `service`, `catalog-item`: the facts' type prefix and the stream type. */
  type: string;
  /** The sentence of a 404 for this type. */
  notFound: string;
  /** Valid fields of a new record. */
  create(input: CreateInput): F;
  /** Valid fields after a change (all fields, not only the changed ones); may refuse (e.g. a locked class). */
  update(current: F, input: UpdateInput): F;
}

/** How long the lists offer Undo after a catalog item, material or service is removed (issue 17). */
export const RECORD_UNDO_SECONDS = 10;
/** The service still takes an Undo clicked in the last moment over a slow network. */
export const RECORD_UNDO_GRACE_SECONDS = 20;

export const RECORD_MESSAGES = {
  changedMeanwhile: COMMON_MESSAGES.changedMeanwhile,
  noSuchVersion: 'This record has no such version.',
  notRemoved: 'This record was not removed, so there is nothing to undo.',
  undoTooLate: `Too late to undo: it was removed more than ${RECORD_UNDO_SECONDS} seconds ago.`,
  undoDone: (name: string) => `Removed ${name}.`,
  undo: 'Undo',
} as const;

/** JSON with object keys sorted: stored facts come back from jsonb with their keys in another order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The fields that differ between two states (deep compare by JSON, key order aside), each with before and after. */
export function diff(before: object | null, after: object): Changes {
  const changes: Changes = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before ? (before as Record<string, unknown>)[key] : null;
    if (before && canonical(from) === canonical(to)) continue;
    changes[key] = { from: from ?? null, to };
  }
  return changes;
}

/** The fact creating a record. */
export function decideCreate<F extends object, C>(rules: RecordRules<F, C, unknown>, input: C, by: string, at: Date): { fields: F; fact: RecordFact } {
  const fields = rules.create(input);
  return { fields, fact: { type: `${rules.type}.created`, changes: diff(null, fields), at, by } };
}

/**
 * The fact of a change, or none when nothing changes. `ifMatch` is the version the client read: when it
 * is not the current one the change is refused (412), so a concurrent editor never overwrites unseen work.
 */
export function decideUpdate<F extends object, U>(
  rules: RecordRules<F, unknown, U>,
  state: RecordState<F>,
  input: U,
  by: string,
  at: Date,
  ifMatch?: number,
): RecordFact | null {
  checkVersion(state, ifMatch);
  const fields = rules.update(state.fields, input);
  const changes = diff(state.fields, fields);
  return Object.keys(changes).length === 0 ? null : { type: `${rules.type}.updated`, changes, at, by };
}

export function decideDelete<F extends object>(
  rules: RecordRules<F, unknown, unknown>,
  state: RecordState<F>,
  by: string,
  at: Date,
  ifMatch?: number,
): RecordFact {
  checkVersion(state, ifMatch);
  return { type: `${rules.type}.deleted`, changes: {}, at, by };
}

/**
 * Undo of a removal: the same record comes back with its whole timeline (a `restored` fact after the
 * `deleted` one), only shortly after the removal (the time the lists offer Undo, plus a grace for the network).
 */
export function decideRestore<F extends object>(rules: RecordRules<F, unknown, unknown>, state: RecordState<F>, by: string, at: Date): RecordFact {
  if (!state.deleted) throw new DomainError('conflict', RECORD_MESSAGES.notRemoved);
  const removedFor = at.getTime() - state.updatedAt.getTime();
  if (removedFor > (RECORD_UNDO_SECONDS + RECORD_UNDO_GRACE_SECONDS) * 1000) throw new DomainError('gone', RECORD_MESSAGES.undoTooLate);
  return { type: `${rules.type}.restored`, changes: {}, at, by };
}

function checkVersion(state: RecordMeta, ifMatch: number | undefined): void {
  if (ifMatch !== undefined && ifMatch !== state.version) throw new DomainError('precondition-failed', RECORD_MESSAGES.changedMeanwhile);
}

/** The kind of a fact from its type (`material.updated` → `updated`). */
export function factKind(fact: Pick<RecordFact, 'type'>): RecordFactKind {
  const kind = fact.type.slice(fact.type.lastIndexOf('.') + 1);
  if (kind !== 'created' && kind !== 'updated' && kind !== 'deleted' && kind !== 'restored') throw new Error(`not a record fact: ${fact.type}`);
  return kind;
}

/** Applies one fact (the fold step). The first fact must be a creation. */
export function evolveRecord<F extends object>(
  state: RecordState<F> | null,
  fact: RecordFact,
  scope: Omit<RecordMeta, 'createdAt' | 'updatedAt' | 'version' | 'deleted'>,
): RecordState<F> {
  const kind = factKind(fact);
  const to = Object.fromEntries(Object.entries(fact.changes).map(([key, change]) => [key, change.to]));
  if (!state) {
    if (kind !== 'created') throw new Error(`stream ${scope.id} does not start with a creation`);
    return { ...scope, createdAt: fact.at, updatedAt: fact.at, version: 1, deleted: false, fields: to as F };
  }
  return {
    ...state,
    fields: { ...state.fields, ...to } as F,
    updatedAt: fact.at,
    version: state.version + 1,
    deleted: kind === 'deleted' || (state.deleted && kind !== 'restored'),
  };
}

/** The state after the first `upTo` facts (all when absent); null for an empty stream. */
export function replayRecord<F extends object>(
  facts: readonly RecordFact[],
  scope: Omit<RecordMeta, 'createdAt' | 'updatedAt' | 'version' | 'deleted'>,
  upTo = facts.length,
): RecordState<F> | null {
  let state: RecordState<F> | null = null;
  for (const fact of facts.slice(0, upTo)) state = evolveRecord(state, fact, scope);
  return state;
}
