import { z } from 'zod';
import { Id, Timestamp } from '../common/ids';
import { ShareAs } from '../workspace/model';
import { envelope } from './envelope';

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
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type ModelSnapshot = z.infer<typeof ModelSnapshot>;

export const ModelCreatedV1 = envelope('workspace.model.created.v1', z.object({ model: ModelSnapshot }));
export const ModelRenamedV1 = envelope(
  'workspace.model.renamed.v1',
  z.object({ model: ModelSnapshot, previousName: z.string() }),
);
export const ModelDescriptionChangedV1 = envelope(
  'workspace.model.description-changed.v1',
  z.object({ model: ModelSnapshot }),
);
export const ModelDeletedV1 = envelope('workspace.model.deleted.v1', z.object({ model: ModelSnapshot }));

/** Retired: v1 carried the person's name and e-mail, which events kept forever must not (v2 carries ids only). */
export const UserProfile = z.object({ id: Id, fullName: z.string(), email: z.string(), createdAt: Timestamp });
export const UserRegisteredV1 = envelope('workspace.user.registered.v1', z.object({ user: UserProfile }));
/** Only ids and times: personal data stays in the `users` state table, where erasing a person removes it. */
export const UserRegisteredV2 = envelope('workspace.user.registered.v2', z.object({ user: z.object({ id: Id, createdAt: Timestamp }) }));

/** Every workspace event, by type: the catalogue documented in docs/events.md. */
export const WorkspaceEvents = {
  'workspace.model.created.v1': ModelCreatedV1,
  'workspace.model.renamed.v1': ModelRenamedV1,
  'workspace.model.description-changed.v1': ModelDescriptionChangedV1,
  'workspace.model.deleted.v1': ModelDeletedV1,
  'workspace.user.registered.v1': UserRegisteredV1,
  'workspace.user.registered.v2': UserRegisteredV2,
} as const;

export const WorkspaceEvent = z.discriminatedUnion('type', [
  ModelCreatedV1,
  ModelRenamedV1,
  ModelDescriptionChangedV1,
  ModelDeletedV1,
  UserRegisteredV1,
  UserRegisteredV2,
]);
export type WorkspaceEvent = z.infer<typeof WorkspaceEvent>;

export const EVENT_DESCRIPTIONS: Record<keyof typeof WorkspaceEvents, string> = {
  'workspace.model.created.v1': 'A user created a model (personal, team or project scope).',
  'workspace.model.renamed.v1': 'A model got a new name.',
  'workspace.model.description-changed.v1': 'A model got a new description.',
  'workspace.model.deleted.v1': 'A model was deleted; `data.model` is its last state.',
  'workspace.user.registered.v1':
    'Retired (no longer published; replaced by `workspace.user.registered.v2`): a person signed up. It carried their name and e-mail address, which events must not keep. Consumers still accept it from older stream history.',
  'workspace.user.registered.v2':
    'A person signed up. Only ids and times: their name and e-mail stay in the workspace\'s state, where erasing the person removes them; consumers that need them read the `user_view` through the workspace.',
};

/** JetStream stream that holds the workspace's events. */
export const WORKSPACE_STREAM = { name: 'WORKSPACE_EVENTS', subjects: ['evt.workspace.>'] } as const;
