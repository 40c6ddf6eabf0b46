import { z } from 'zod';
import { Id, Timestamp } from '../common/ids';
import { ModelGeometry, ShareAs } from '../workspace/model';
import {
  COMPONENT_EVENT_DESCRIPTIONS,
  ComponentCreatedV1,
  ComponentDeletedV1,
  ComponentDescriptionChangedV1,
  ComponentEvents,
  ComponentRenamedV1,
} from './component.events';
import { FONT_EVENT_DESCRIPTIONS, FontCreatedV1, FontDeletedV1, FontEvents, FontHiddenChangedV1, FontRegroupedV1 } from './font.events';
import {
  ASSET_ITEM_EVENT_DESCRIPTIONS,
  AssetItemCreatedV1,
  AssetItemDeletedV1,
  AssetItemEvents,
  AssetItemPreviewChangedV1,
  AssetItemRenamedV1,
} from './asset-item.events';
import { envelope } from './envelope';
import {
  EnvironmentMapCreatedV1,
  EnvironmentMapDeletedV1,
  EnvironmentMapRejectedV1,
  EnvironmentMapUpdatedV1,
  TEXTURE_EVENT_DESCRIPTIONS,
  TextureAssociationCreatedV1,
  TextureAssociationDeletedV1,
  TextureCreatedV1,
  TextureDeletedV1,
  TextureEvents,
  TextureRejectedV1,
  TextureUpdatedV1,
} from './texture.events';
import {
  NOTIFICATION_EVENT_DESCRIPTIONS,
  NotificationCreatedV1,
  NotificationEvents,
  NotificationsAllReadV1,
  NotificationUpdatedV1,
} from './notification.events';
import {
  FavoriteAddedV1,
  FavoriteRemovedV1,
  ModelShareActivatedV1,
  ModelShareCreatedV1,
  ModelShareRemovedV1,
  ModelShareRoleChangedV1,
  SHARING_EVENT_DESCRIPTIONS,
  SharingEvents,
} from './sharing.events';
import {
  TEAM_EVENT_DESCRIPTIONS,
  TeamCreatedV1,
  TeamDeletedV1,
  TeamEvents,
  TeamMemberInvitedV1,
  TeamMemberJoinedV1,
  TeamMemberRemovedV1,
  TeamMemberRoleChangedV1,
  TeamProjectCreatedV1,
  TeamProjectDeletedV1,
  TeamProjectUpdatedV1,
  TeamUpdatedV1,
} from './team.events';

/** The state of a model after a change: what read models and pushes need. */
export const ModelSnapshot = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  authorId: Id,
  contributorId: Id.nullable(),
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  productId: Id.nullable(),
  publishedAt: Timestamp.nullable(),
  sharedWithEveryone: ShareAs,
  hidden: z.boolean(),
  /** Its geometry (ADR 0054); absent in events older than it, read as none. */
  geometry: ModelGeometry.nullable().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type ModelSnapshot = z.infer<typeof ModelSnapshot>;

/** `duplicatedFrom` is set when the model is a duplicate of another (PATCH /api/workspace/model/duplicate/{id}). */
export const ModelCreatedV1 = envelope('workspace.model.created.v1', z.object({ model: ModelSnapshot, duplicatedFrom: Id.optional() }));
export const ModelRenamedV1 = envelope('workspace.model.renamed.v1', z.object({ model: ModelSnapshot, previousName: z.string() }));
export const ModelDescriptionChangedV1 = envelope('workspace.model.description-changed.v1', z.object({ model: ModelSnapshot }));
export const ModelDeletedV1 = envelope('workspace.model.deleted.v1', z.object({ model: ModelSnapshot }));
/** The owner restored a deleted model from "Recently deleted" (ADR 0048); `data.model` is its state, version bumped. */
export const ModelRestoredV1 = envelope('workspace.model.restored.v1', z.object({ model: ModelSnapshot }));
/** The owner changed the 'Everyone' link access (`model.sharedWithEveryone`). */
export const ModelSharedWithEveryoneChangedV1 = envelope('workspace.model.shared-with-everyone-changed.v1', z.object({ model: ModelSnapshot }));
/** The model's product changed (commerce): `model.productId` / `model.publishedAt` follow it (ADR 0022). */
export const ModelProductChangedV1 = envelope('workspace.model.product-changed.v1', z.object({ model: ModelSnapshot }));
/** The model took its geometry from another 3D object, or gave it up (`model.geometry`; ADR 0054). */
export const ModelGeometryChangedV1 = envelope('workspace.model.geometry-changed.v1', z.object({ model: ModelSnapshot }));

/** Retired: v1 carried the person's name and e-mail, which events kept forever must not (v2 carries ids only). */
export const UserProfile = z.object({ id: Id, fullName: z.string(), email: z.string(), createdAt: Timestamp });
export const UserRegisteredV1 = envelope('workspace.user.registered.v1', z.object({ user: UserProfile }));
/** Only ids and times: personal data stays in the `users` state table, where erasing a person removes it. */
export const UserRegisteredV2 = envelope('workspace.user.registered.v2', z.object({ user: z.object({ id: Id, createdAt: Timestamp }) }));
/** The person changed their profile (full name); the new values stay in the state, the event names only who and when. */
export const UserProfileUpdatedV1 = envelope('workspace.user.profile-updated.v1', z.object({ user: z.object({ id: Id, updatedAt: Timestamp }) }));

/** Every workspace event, by type: the catalogue documented in docs/events.md. */
export const WorkspaceEvents = {
  'workspace.model.created.v1': ModelCreatedV1,
  'workspace.model.renamed.v1': ModelRenamedV1,
  'workspace.model.description-changed.v1': ModelDescriptionChangedV1,
  'workspace.model.deleted.v1': ModelDeletedV1,
  'workspace.model.restored.v1': ModelRestoredV1,
  'workspace.model.shared-with-everyone-changed.v1': ModelSharedWithEveryoneChangedV1,
  'workspace.model.product-changed.v1': ModelProductChangedV1,
  'workspace.model.geometry-changed.v1': ModelGeometryChangedV1,
  'workspace.user.registered.v1': UserRegisteredV1,
  'workspace.user.registered.v2': UserRegisteredV2,
  'workspace.user.profile-updated.v1': UserProfileUpdatedV1,
  ...TeamEvents,
  ...SharingEvents,
  ...NotificationEvents,
  ...ComponentEvents,
  ...AssetItemEvents,
  ...FontEvents,
  ...TextureEvents,
} as const;

export const WorkspaceEvent = z.discriminatedUnion('type', [
  ModelCreatedV1,
  ModelRenamedV1,
  ModelDescriptionChangedV1,
  ModelDeletedV1,
  ModelRestoredV1,
  ModelSharedWithEveryoneChangedV1,
  ModelProductChangedV1,
  ModelGeometryChangedV1,
  UserRegisteredV1,
  UserRegisteredV2,
  UserProfileUpdatedV1,
  TeamCreatedV1,
  TeamUpdatedV1,
  TeamDeletedV1,
  TeamMemberInvitedV1,
  TeamMemberJoinedV1,
  TeamMemberRoleChangedV1,
  TeamMemberRemovedV1,
  TeamProjectCreatedV1,
  TeamProjectUpdatedV1,
  TeamProjectDeletedV1,
  ModelShareCreatedV1,
  ModelShareActivatedV1,
  ModelShareRoleChangedV1,
  ModelShareRemovedV1,
  FavoriteAddedV1,
  FavoriteRemovedV1,
  NotificationCreatedV1,
  NotificationUpdatedV1,
  NotificationsAllReadV1,
  ComponentCreatedV1,
  ComponentRenamedV1,
  ComponentDescriptionChangedV1,
  ComponentDeletedV1,
  AssetItemCreatedV1,
  AssetItemRenamedV1,
  AssetItemPreviewChangedV1,
  AssetItemDeletedV1,
  FontCreatedV1,
  FontHiddenChangedV1,
  FontRegroupedV1,
  FontDeletedV1,
  TextureCreatedV1,
  TextureUpdatedV1,
  TextureRejectedV1,
  TextureDeletedV1,
  TextureAssociationCreatedV1,
  TextureAssociationDeletedV1,
  EnvironmentMapCreatedV1,
  EnvironmentMapUpdatedV1,
  EnvironmentMapRejectedV1,
  EnvironmentMapDeletedV1,
]);
export type WorkspaceEvent = z.infer<typeof WorkspaceEvent>;

export const EVENT_DESCRIPTIONS: Record<keyof typeof WorkspaceEvents, string> = {
  'workspace.model.created.v1': 'A user created a model (personal, team or project scope).',
  'workspace.model.renamed.v1': 'A model got a new name.',
  'workspace.model.description-changed.v1': 'A model got a new description.',
  'workspace.model.deleted.v1': 'A model was deleted; `data.model` is its last state.',
  'workspace.model.restored.v1':
    'The owner restored a deleted model from "Recently deleted" within 30 days; `data.model` is its state again (its shares and favorites ' +
    'come back as their own events).',
  'workspace.model.shared-with-everyone-changed.v1': 'The owner changed who may open the model by its link (`model.sharedWithEveryone`: private or a role).',
  'workspace.model.product-changed.v1':
    "The model's product was created or changed in commerce: `model.productId` and `model.publishedAt` follow it (the menu says Publish, " +
    'Restore or Republish).',
  'workspace.model.geometry-changed.v1':
    'The model took its geometry from a 3D object of its scope, or gave it up (`model.geometry`: the 3D object and its media, or null; ADR 0054).',
  'workspace.user.registered.v1':
    'Retired (no longer published; replaced by `workspace.user.registered.v2`): a person signed up. It carried their name and e-mail ' +
    'address, which events must not keep. Consumers still accept it from older stream history.',
  'workspace.user.registered.v2':
    "A person signed up. Only ids and times: their name and e-mail stay in the workspace's state, where erasing the person removes them; " +
    'consumers that need them read the `user_view` through the workspace.',
  'workspace.user.profile-updated.v1': 'A person changed their profile (full name). Ids and times only; read the new values through the workspace.',
  ...TEAM_EVENT_DESCRIPTIONS,
  ...SHARING_EVENT_DESCRIPTIONS,
  ...NOTIFICATION_EVENT_DESCRIPTIONS,
  ...COMPONENT_EVENT_DESCRIPTIONS,
  ...ASSET_ITEM_EVENT_DESCRIPTIONS,
  ...FONT_EVENT_DESCRIPTIONS,
  ...TEXTURE_EVENT_DESCRIPTIONS,
};

/** JetStream stream that holds the workspace's events. */
export const WORKSPACE_STREAM = { name: 'WORKSPACE_EVENTS', subjects: ['evt.workspace.>'] } as const;
