import { Changes, RecordFactKind, RecordRules, RecordState } from '@kiln/domain';
import type { CommerceDatabase } from '../database.types';

/*
 * Business records, the generic part (ADR 0029): materials, services and catalog items (orders and quotes
 * next) are event-sourced records built on this area. A new record type:
 *   1. describes itself in its area (a BusinessRecordType: the domain's rules, its events, its read model table,
 *      how its state reads), e.g. materials/material-type.ts;
 *   2. has its projection, `recordProjection(type, name)` (registered in commerceProjections);
 *   3. gets its NATS routes from `recordRoutes(type, projection, { list, get, history, tags, create, update,
 *      remove })` (business-records.routes.ts), which dispatch the generic commands and queries with the
 *      type. A use case of its own is a folder of its area's commands/ or queries/ (command + handler) whose
 *      handler may dispatch the generic ones (ChangeRecordCommand takes the `decide` of any fact).
 * Every use case checks authorization through BusinessAccess (team-access): outsiders 404, viewers 403 on changes.
 */

/** The read-model tables of business records (migration 0003 on): one per record type, same common columns. */
export type RecordViewTable = Extract<keyof CommerceDatabase, `business_${string}_view`>;

/** What every record looks like when read (contracts/src/commerce/records.ts RecordMeta plus a name). */
export interface RecordJson {
  id: string;
  ownerId: string;
  teamId: string | null;
  projectId: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  name: string;
}

/**
 * One kind of business record, for the generic records infrastructure (ADR 0029): the domain's rules, the
 * integration event of each fact kind, the read model table, and how the state is presented.
 *
 * F: the fields as the domain keeps them (money in integer cents); C/U: create/update input; R: the record
 * as the contract reads it (money in dollars).
 */
export interface BusinessRecordType<F extends object, C, U, R extends RecordJson> {
  rules: RecordRules<F, C, U>;
  /** The integration event type of each fact kind, e.g. `{ created: 'commerce.material.created.v1', … }`. */
  events: Record<RecordFactKind, string>;
  /** Its read model (the common columns, plus `viewColumns`). */
  view: RecordViewTable;
  /** The record as read, from its state (meta as ISO strings, money in dollars, derived fields). */
  present(state: RecordState<F>): R;
  /**
   * Some fields as JSON under the contract's names (money in dollars: `priceCents` → `price`), used for the
   * `changes` of history entries and events; only the keys given are presented (a renamed key replaces its
   * domain name), and a value may be null (a creation's `from`). Default: as they are.
   */
  presentFields?(fields: Partial<F>): Record<string, unknown>;
  /** The type's own read-model columns (e.g. `{ material_class, in_stock }`). */
  viewColumns?(record: R): Record<string, unknown>;
  /** Tags of the record (for `distinct tags`); none when the type has no tags. */
  tags?(record: R): string[];
  /** Price in integer cents for `sort={"price":1}`; null when the type has none. */
  priceCents?(record: R): number | null;
  /**
   * A type whose changes are events of their own (an order's `commerce.order.accepted.v1`, ADR 0057): the
   * integration event of an `updated` fact from what it changed, and every such event type (its projection
   * takes them as `updated`). Default: `events.updated`.
   */
  updatedEvents?: { of(changes: Changes): string; types: readonly string[] };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRecordType = BusinessRecordType<any, any, any, any>;

/** The meta fields of a state as the contract reads them. */
export function presentMeta(state: RecordState<object>): Omit<RecordJson, 'name'> {
  return {
    id: state.id,
    ownerId: state.ownerId,
    teamId: state.teamId,
    projectId: state.projectId,
    createdAt: state.createdAt.toISOString(),
    updatedAt: state.updatedAt.toISOString(),
    version: state.version,
  };
}

/**
 * A fact's changes as the API speaks (each side presented like the record's fields, under the contract's
 * field names): what the timeline and the events show.
 */
export function presentChanges<F extends object>(type: BusinessRecordType<F, unknown, unknown, RecordJson>, changes: Changes): Changes {
  if (!type.presentFields) return changes;
  const keys = Object.keys(changes);
  const side = (which: 'from' | 'to') => type.presentFields!(Object.fromEntries(keys.map((k) => [k, changes[k][which]])) as Partial<F>);
  const from = side('from');
  const to = side('to');
  const presented = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return Object.fromEntries(presented.map((k) => [k, { from: from[k] ?? null, to: to[k] ?? null }]));
}

/** What a command changed: the record after it, and the events written (none when nothing changed). */
export interface RecordChange<R> {
  record: R;
  /** Wait for the projection on them before answering (answerAfterProjection). */
  eventIds: string[];
}
