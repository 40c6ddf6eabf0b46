import { z } from 'zod';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam, limitUpTo, listOf, Skip } from '../common/list';
import { Model, ModelRole, ModelSort, ShareAs } from './model';
import { MODEL_PAGE_SIZE } from './model.constants';
import { UserSummary } from './user';

/** Sharing, favorites, duplicate and accessibility of models (spec 000 §2–§7). Rules and texts live in domain/. */
export const ShareRole = z.enum(['viewer', 'editor', 'configurator', 'inspector']);
export type ShareRole = z.infer<typeof ShareRole>;

/** A model shared with someone (spec 000 §3 "Shared model"). */
export const SharedModel = z.object({
  id: Id,
  modelId: Id,
  modelName: z.string(),
  /** The model as the recipient sees it (their `userRole`), when populated. */
  model: Model.optional(),
  sharedBy: UserSummary,
  /** The recipient's account; null while the share waits for that e-mail to sign up. */
  user: UserSummary.nullable(),
  email: z.string(),
  role: ShareRole,
  status: z.enum(['active', 'pending']),
  createdAt: Timestamp,
});
export type SharedModel = z.infer<typeof SharedModel>;
export const SharedModelList = listOf(SharedModel);

/** GET /api/workspace/model/share/{id}: the share dialog (owner row first, fixed). */
export const ModelShares = z.object({
  modelId: Id,
  owner: UserSummary,
  sharedWithEveryone: ShareAs,
  data: z.array(SharedModel),
});
export type ModelShares = z.infer<typeof ModelShares>;

/** PATCH /api/workspace/model/share/{id}: share with an e-mail (or change that person's role). */
export const ShareModelBody = z.strictObject({ email: Text(320), role: ShareRole });
/** PATCH /api/workspace/model/share-with-everyone/{id} */
export const ShareWithEveryoneBody = z.strictObject({ shareAs: ShareAs });
/** PATCH /api/workspace/shared-model/{id} */
export const ChangeShareRoleBody = z.strictObject({ role: ShareRole });
/** PATCH /api/workspace/model/duplicate/{id}: the name defaults to '(Duplicate) ' + the model's name. */
export const DuplicateModelBody = z.strictObject({ name: Text(200).optional() });

/** GET /api/workspace/model/accessibility/{id}: what the caller may do with a model (also by its link). */
export const ModelAccessibility = z.object({
  id: Id,
  userRole: ModelRole,
  sharedWithEveryone: ShareAs,
  /** How the caller holds the model: author, team role, a share, or only the 'Everyone' link. */
  via: z.enum(['author', 'team', 'share', 'everyone']),
  can: z.object({
    edit: z.boolean(),
    safeMode: z.boolean(),
    configurator: z.boolean(),
    viewer: z.boolean(),
    duplicate: z.boolean(),
    rename: z.boolean(),
    share: z.boolean(),
    publish: z.boolean(),
    delete: z.boolean(),
  }),
});
export type ModelAccessibility = z.infer<typeof ModelAccessibility>;

/** Lists of models reached another way (favorites, shared with me, published): search, sort, page of 20. */
export const ModelListQuery = z.strictObject({
  where: jsonParam(z.strictObject({ name: z.strictObject({ contains: Text(200) }).optional() })).optional(),
  sort: jsonParam(ModelSort).optional(),
  populate: jsonParam(z.union([z.array(z.string()), z.string()])).optional(),
  skip: Skip,
  limit: limitUpTo(100, MODEL_PAGE_SIZE),
});
export type ModelListQuery = z.infer<typeof ModelListQuery>;

/** A starred model (spec 000 §3 "Favorite"). */
export const Favorite = z.object({ id: Id, modelId: Id, createdAt: Timestamp, model: Model });
export type Favorite = z.infer<typeof Favorite>;
export const FavoriteList = listOf(Favorite);

/**
 * POST /api/workspace/user-favorite/update-favorite-status (a toggle; the spec leaves the answer to us): the
 * model's star now, and `id`, the favorite this toggle added or removed.
 */
export const ToggleFavoriteBody = z.strictObject({ modelId: Id });
export const FavoriteStatus = z.object({ modelId: Id, favorite: z.boolean(), id: Id.nullable() });
export type FavoriteStatus = z.infer<typeof FavoriteStatus>;

/** GET /api/workspace/shared-model/user-list/: people the caller has shared models with (share dialog suggestions). */
export const ShareUserList = listOf(UserSummary);

export const IdParams = z.strictObject({ id: Id });
