import { z } from 'zod';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam, Skip, limitUpTo } from '../common/list';
import { BUSINESS_PAGE_SIZE, TAGS_MAX } from './business.constants';

export { BUSINESS_PAGE_SIZE, TAGS_MAX };

/**
 * What every business record (catalog item, material, service) shares (ADR 0029): an event stream whose
 * version is the record's `version` and its HTTP `ETag`; a `PATCH`/`DELETE` may send `If-Match` with it
 * (412 when another change came first); a timeline of changes; and any past version readable.
 */
export const RecordMeta = {
  id: Id,
  /** Who created it; personal records are seen by their owner only, team records by the team (ADR 0029). */
  ownerId: Id,
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The record's stream version: 1 when created, +1 with every change; sent as the ETag. */
  version: z.number().int().min(1),
};

/** One entry of a record's timeline: `GET …/{id}/history`, oldest first. */
export const HistoryEntry = z.object({
  /** The fact's type, e.g. `material.updated`. */
  type: z.string(),
  version: z.number().int(),
  at: Timestamp,
  /** The user who made the change. */
  by: z.object({ id: Id, fullName: z.string() }),
  /** Each changed field with its value before and after (a creation lists the fields it set, `from` null). */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const History = z.object({ data: z.array(HistoryEntry) });
export type History = z.infer<typeof History>;

export const RecordIdParams = z.strictObject({ id: Id });
/** `GET …/{id}?version=N`: the record as it was after its N-th change. */
export const RecordVersionQuery = z.strictObject({ version: z.coerce.number().int().min(1).max(1_000_000_000).optional() });
export type RecordVersionQuery = z.infer<typeof RecordVersionQuery>;

/** `where` of the business lists (spec 002 §7): the scope, and a name search. */
export const BusinessWhere = z.strictObject({
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
  name: z.strictObject({ contains: Text(200) }).optional(),
});
export type BusinessWhere = z.infer<typeof BusinessWhere>;
/** `sort={"name":1}` or `{"updatedAt":-1}` (one field). */
export const BusinessSort = z.partialRecord(z.enum(['name', 'updatedAt', 'createdAt', 'price']), z.union([z.literal(1), z.literal(-1)]));
export type BusinessSort = z.infer<typeof BusinessSort>;

export const BusinessListQuery = z.strictObject({
  where: jsonParam(BusinessWhere).optional(),
  sort: jsonParam(BusinessSort).optional(),
  /** Accepted for the spec's calls; related records are always included (ADR 0029). */
  populate: jsonParam(z.union([z.array(z.string()), z.string()])).optional(),
  skip: Skip,
  limit: limitUpTo(100, BUSINESS_PAGE_SIZE),
});
export type BusinessListQuery = z.infer<typeof BusinessListQuery>;

/** The scope a new record is created in (none: personal). */
export const Scope = { teamId: Id.nullable().optional(), projectId: Id.nullable().optional() };

/** Tags (spec 002 §5): trimmed, empties dropped, at most 20. */
export const Tags = z
  .array(Text(100, 'A tag must be at most 100 characters.'))
  .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter((t) => t.length > 0))])
  .pipe(z.array(z.string()).max(TAGS_MAX, `At most ${TAGS_MAX} tags.`));
export const DistinctTags = z.object({ data: z.array(z.string()) });
export type DistinctTags = z.infer<typeof DistinctTags>;
export const DistinctTagsQuery = z.strictObject({ where: jsonParam(BusinessWhere).optional() });
