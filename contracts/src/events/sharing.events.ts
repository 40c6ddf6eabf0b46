import { z } from 'zod';
import { Id, Timestamp } from '../common/ids';
import { envelope } from './envelope';

/** Model shares and favorites (spec 000 §3, §6, §7). Ids and roles only, no e-mail addresses (ADR 0018). */
export const ShareRoleValue = z.enum(['viewer', 'editor', 'configurator', 'inspector']);

export const ModelShareSnapshot = z.object({
  id: Id,
  modelId: Id,
  /** The model's author, who shared it. */
  ownerId: Id,
  /** Null while the share waits for an account with the invited e-mail. */
  userId: Id.nullable(),
  role: ShareRoleValue,
  sharedById: Id,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type ModelShareSnapshot = z.infer<typeof ModelShareSnapshot>;

export const FavoriteSnapshot = z.object({ id: Id, userId: Id, modelId: Id, createdAt: Timestamp });
export type FavoriteSnapshot = z.infer<typeof FavoriteSnapshot>;

export const ModelShareCreatedV1 = envelope('workspace.model-share.created.v1', z.object({ share: ModelShareSnapshot }));
/** A pending share found its account (the invited person signed up). */
export const ModelShareActivatedV1 = envelope('workspace.model-share.activated.v1', z.object({ share: ModelShareSnapshot }));
export const ModelShareRoleChangedV1 = envelope('workspace.model-share.role-changed.v1', z.object({ share: ModelShareSnapshot, previousRole: ShareRoleValue }));
/** The owner removed the person, the person left, or the model went away (`removedBy` null). */
export const ModelShareRemovedV1 = envelope('workspace.model-share.removed.v1', z.object({ share: ModelShareSnapshot, removedBy: Id.nullable() }));

export const FavoriteAddedV1 = envelope('workspace.favorite.added.v1', z.object({ favorite: FavoriteSnapshot }));
export const FavoriteRemovedV1 = envelope('workspace.favorite.removed.v1', z.object({ favorite: FavoriteSnapshot }));

export const SharingEvents = {
  'workspace.model-share.created.v1': ModelShareCreatedV1,
  'workspace.model-share.activated.v1': ModelShareActivatedV1,
  'workspace.model-share.role-changed.v1': ModelShareRoleChangedV1,
  'workspace.model-share.removed.v1': ModelShareRemovedV1,
  'workspace.favorite.added.v1': FavoriteAddedV1,
  'workspace.favorite.removed.v1': FavoriteRemovedV1,
} as const;

export const SHARING_EVENT_DESCRIPTIONS: Record<keyof typeof SharingEvents, string> = {
  'workspace.model-share.created.v1': "A model's owner shared it with someone (pending, `userId` null, until that e-mail has an account).",
  'workspace.model-share.activated.v1': 'A pending share became active: the invited person signed up.',
  'workspace.model-share.role-changed.v1': 'The role a model is shared with someone changed.',
  'workspace.model-share.removed.v1': 'A share ended: the owner removed the person, the person left, or the model was deleted (`removedBy` null).',
  'workspace.favorite.added.v1': 'A user starred a model.',
  'workspace.favorite.removed.v1': 'A user un-starred a model, or the model went away.',
};
