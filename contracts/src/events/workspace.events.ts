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

export const UserProfile = z.object({ id: Id, fullName: z.string(), email: z.string(), createdAt: Timestamp });
export const UserRegisteredV1 = envelope('workspace.user.registered.v1', z.object({ user: UserProfile }));

/** Every workspace event, by type: the catalogue documented in docs/events.md. */
export const WorkspaceEvents = {
  'workspace.model.created.v1': ModelCreatedV1,
  'workspace.model.renamed.v1': ModelRenamedV1,
  'workspace.model.description-changed.v1': ModelDescriptionChangedV1,
  'workspace.model.deleted.v1': ModelDeletedV1,
  'workspace.user.registered.v1': UserRegisteredV1,
} as const;

export const WorkspaceEvent = z.discriminatedUnion('type', [
  ModelCreatedV1,
  ModelRenamedV1,
  ModelDescriptionChangedV1,
  ModelDeletedV1,
  UserRegisteredV1,
]);
export type WorkspaceEvent = z.infer<typeof WorkspaceEvent>;

export const EVENT_DESCRIPTIONS: Record<keyof typeof WorkspaceEvents, string> = {
  'workspace.model.created.v1': 'A user created a model (personal, team or project scope).',
  'workspace.model.renamed.v1': 'A model got a new name.',
  'workspace.model.description-changed.v1': 'A model got a new description.',
  'workspace.model.deleted.v1': 'A model was deleted; `data.model` is its last state.',
  'workspace.user.registered.v1': 'A person signed up.',
};

/** JetStream stream that holds the workspace's events. */
export const WORKSPACE_STREAM = { name: 'WORKSPACE_EVENTS', subjects: ['evt.workspace.>'] } as const;
