import { z } from 'zod';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam, limitUpTo, listOf, Skip } from '../common/list';
import { UserSummary } from './user';
import { MODEL_NAME_MAX_LENGTH, MODEL_NAME_TOO_LONG, MODEL_PAGE_SIZE, MODEL_SORT_FIELDS } from './model.constants';
import { MODEL_COMPONENT_MESSAGES, MODEL_COMPONENTS_MAX } from './model-geometry.constants';

export { DEFAULT_MODEL_SORT, MODEL_NAME_MAX_LENGTH, MODEL_NAME_TOO_LONG, MODEL_PAGE_SIZE, MODEL_SORT_FIELDS } from './model.constants';
export { MODEL_COMPONENT_MESSAGES, MODEL_COMPONENTS_MAX, MODEL_GEOMETRY_MESSAGES } from './model-geometry.constants';

export const ModelRole = z.enum(['owner', 'editor', 'viewer', 'configurator', 'inspector', 'commenter']);
export type ModelRole = z.infer<typeof ModelRole>;

export const ShareAs = z.enum(['private', 'viewer', 'editor', 'configurator', 'inspector']);

/**
 * Where a model's geometry comes from (ADR 0054): a 3D object of the model's scope and its uploaded file,
 * whose derived `view.glb` the viewer shows and `thumb.png` the card. Absent in states and events older
 * than it: read as none.
 */
export const ModelGeometry = z.object({ object3dId: Id, mediaId: Id });
export type ModelGeometry = z.infer<typeof ModelGeometry>;

/** A model as the web app sees it (spec 000 §3). `author` and `contributor` are there when populated. */
export const Model = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  authorId: Id,
  author: UserSummary.optional(),
  contributorId: Id.nullable(),
  contributor: UserSummary.nullable().optional(),
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  productId: Id.nullable(),
  publishedAt: Timestamp.nullable(),
  updatedAt: Timestamp,
  createdAt: Timestamp,
  userRole: ModelRole.default('viewer'),
  sharedWithEveryone: ShareAs,
  hidden: z.boolean(),
  /** Its geometry (ADR 0054), null when it has none. */
  geometry: ModelGeometry.nullable().optional(),
  /** Whether the caller starred it; present in lists and single reads, absent in pushes (a push is for many people). */
  favorite: z.boolean().optional(),
  /** Grows by one with every change: caches and pushes compare it, so an older state never wins. */
  version: z.number().int(),
});
export type Model = z.infer<typeof Model>;

const ModelName = Text(MODEL_NAME_MAX_LENGTH, MODEL_NAME_TOO_LONG);

/** The name rule itself lives in domain/ (one rule for the form and the service); here only the shape. */
export const CreateModelBody = z.strictObject({
  name: ModelName,
  teamId: Id.nullish(),
  projectId: Id.nullish(),
});
export type CreateModelBody = z.infer<typeof CreateModelBody>;

export const UpdateModelBody = z.strictObject({
  name: ModelName.optional(),
  description: Text(5000).optional(),
});
export type UpdateModelBody = z.infer<typeof UpdateModelBody>;

/** PATCH /api/workspace/model/{id}/geometry: the 3D object (of the model's scope) it takes its geometry from, or null for none (ADR 0054). */
export const SetModelGeometryBody = z.strictObject({ object3dId: Id.nullable() });
export type SetModelGeometryBody = z.infer<typeof SetModelGeometryBody>;

/**
 * PATCH /api/workspace/model/{id}/components: the components (of the model's scope) the model uses, all of
 * them; an empty list for none (ADR 0054). They count in each component's used count (ADR 0051).
 */
export const SetModelComponentsBody = z.strictObject({
  componentIds: z.array(Id).max(MODEL_COMPONENTS_MAX, MODEL_COMPONENT_MESSAGES.tooMany),
});
export type SetModelComponentsBody = z.infer<typeof SetModelComponentsBody>;
/** The answer: the components the model now uses. */
export const ModelComponents = z.object({ modelId: Id, componentIds: z.array(Id) });
export type ModelComponents = z.infer<typeof ModelComponents>;

/**
 * What the viewer and the embed page learn of a model the caller may see (ADR 0054), the anonymous caller
 * through its 'Everyone' link: its name and whether it has geometry (the files are the BFF's routes).
 */
export const ModelView = z.object({ id: Id, name: z.string(), hasGeometry: z.boolean() });
export type ModelView = z.infer<typeof ModelView>;
/** The service's answer to the BFF: the same and the geometry's source (never sent to the browser). */
export const ModelViewSource = ModelView.extend({ geometry: ModelGeometry.nullable() });
export type ModelViewSource = z.infer<typeof ModelViewSource>;

export const ModelSort = z
  .string()
  .regex(/^(createdAt|updatedAt|name) (ASC|DESC|asc|desc)$/, 'sort must be "<createdAt|updatedAt|name> <ASC|DESC>".')
  .transform((value) => {
    const [field, direction] = value.split(' ');
    return { field: field as (typeof MODEL_SORT_FIELDS)[number], direction: direction.toLowerCase() as 'asc' | 'desc' };
  });

export const ModelWhere = z.strictObject({
  name: z.strictObject({ contains: Text(200) }).optional(),
  id: z.strictObject({ nin: z.array(Id).max(1000) }).optional(),
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
});
export type ModelWhere = z.infer<typeof ModelWhere>;

export const ModelPopulate = z.array(z.enum(['author', 'contributor', 'author.avatar', 'contributor.avatar']));

/** GET /api/workspace/model query string. */
export const ListModelsQuery = z.strictObject({
  where: jsonParam(ModelWhere).optional(),
  sort: jsonParam(ModelSort).optional(),
  populate: jsonParam(z.union([ModelPopulate, z.string().transform((s) => s.split(',').map((p) => p.trim()))]).pipe(ModelPopulate)).optional(),
  skip: Skip,
  limit: limitUpTo(100, MODEL_PAGE_SIZE),
});
export type ListModelsQuery = z.infer<typeof ListModelsQuery>;
export type ListModelsQueryInput = z.input<typeof ListModelsQuery>;

export const ModelList = listOf(Model);
export type ModelList = z.infer<typeof ModelList>;

export const ModelIdParams = z.strictObject({ id: Id });

/** A model in "Recently deleted" (ADR 0048): its owner can restore it until `restorableUntil`. */
export const DeletedModel = z.object({
  id: Id,
  name: z.string(),
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  deletedAt: Timestamp,
  restorableUntil: Timestamp,
  /** Whole days left to restore it, rounded up. */
  daysLeft: z.number().int(),
});
export type DeletedModel = z.infer<typeof DeletedModel>;
export const DeletedModelList = listOf(DeletedModel);
export type DeletedModelList = z.infer<typeof DeletedModelList>;
/** The caller's deleted models, newest deletion first, paged like the other lists. */
export const RecentlyDeletedQuery = z.strictObject({ skip: Skip, limit: limitUpTo(100, MODEL_PAGE_SIZE) });
export type RecentlyDeletedQuery = z.infer<typeof RecentlyDeletedQuery>;
