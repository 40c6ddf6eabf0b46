import { z } from 'zod';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam, limitUpTo, listOf, Skip } from '../common/list';
import { LIST_LIMIT_MAX } from '../common/page-sizes';
import { TeamRole } from './team';
import { UserSummary } from './user';
import {
  COMPONENT_DESCRIPTION_MAX_LENGTH,
  COMPONENT_MESSAGES,
  COMPONENT_NAME_MAX_LENGTH,
  COMPONENT_PAGE_SIZE,
  COMPONENT_SORT_FIELDS,
} from './component.constants';

export * from './component.constants';

/** The state of a component after a change, as its events carry it (ids and times only). */
export const ComponentSnapshot = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  authorId: Id,
  contributorId: Id.nullable(),
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type ComponentSnapshot = z.infer<typeof ComponentSnapshot>;

/**
 * A component (spec 001 §3): id, name, description, updatedAt, teamId, projectId, author, contributor.
 * `author` and `contributor` are there when populated; `userRole` is the caller's team role (null in the
 * personal scope, where the caller is the author).
 */
export const Component = ComponentSnapshot.extend({
  author: UserSummary.optional(),
  contributor: UserSummary.nullable().optional(),
  userRole: TeamRole.nullable().optional(),
});
export type Component = z.infer<typeof Component>;

const ComponentName = Text(COMPONENT_NAME_MAX_LENGTH, COMPONENT_MESSAGES.nameTooLong);

/** POST /api/workspace/component. The name's rule (required) lives in domain/. */
export const CreateComponentBody = z.strictObject({
  name: ComponentName,
  teamId: Id.nullish(),
  projectId: Id.nullish(),
});
export type CreateComponentBody = z.infer<typeof CreateComponentBody>;

/** PATCH /api/workspace/component/{id}. */
export const UpdateComponentBody = z.strictObject({
  name: ComponentName.optional(),
  description: Text(COMPONENT_DESCRIPTION_MAX_LENGTH).optional(),
});
export type UpdateComponentBody = z.infer<typeof UpdateComponentBody>;

export const ComponentSort = z
  .string()
  .regex(/^(createdAt|updatedAt|name) (ASC|DESC|asc|desc)$/, 'sort must be "<createdAt|updatedAt|name> <ASC|DESC>".')
  .transform((value) => {
    const [field, direction] = value.split(' ');
    return { field: field as (typeof COMPONENT_SORT_FIELDS)[number], direction: direction.toLowerCase() as 'asc' | 'desc' };
  });

export const ComponentWhere = z.strictObject({
  name: z.strictObject({ contains: Text(200) }).optional(),
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
});
export type ComponentWhere = z.infer<typeof ComponentWhere>;

export const ComponentPopulate = z.array(z.enum(['author', 'contributor', 'author.avatar', 'contributor.avatar']));

/** GET /api/workspace/component query string (where, populate, sort, limit, skip). */
export const ListComponentsQuery = z.strictObject({
  where: jsonParam(ComponentWhere).optional(),
  sort: jsonParam(ComponentSort).optional(),
  populate: jsonParam(z.union([ComponentPopulate, z.string().transform((s) => s.split(',').map((p) => p.trim()))]).pipe(ComponentPopulate)).optional(),
  skip: Skip,
  limit: limitUpTo(LIST_LIMIT_MAX, COMPONENT_PAGE_SIZE),
});
export type ListComponentsQuery = z.infer<typeof ListComponentsQuery>;
export type ListComponentsQueryInput = z.input<typeof ListComponentsQuery>;

export const ComponentList = listOf(Component);
export type ComponentList = z.infer<typeof ComponentList>;

export const ComponentIdParams = z.strictObject({ id: Id });

/** GET /api/workspace/component/used/{id}: how many models use the component. */
export const ComponentUsage = z.object({ count: z.number().int().min(0) });
export type ComponentUsage = z.infer<typeof ComponentUsage>;
