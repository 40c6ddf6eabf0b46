import { AnyEventEnvelope, Model, ModelSnapshot, PushMessage } from '@kiln/contracts';

const VERBS: Record<string, PushMessage<unknown>['verb']> = {
  'workspace.model.created.v1': 'create',
  'workspace.model.renamed.v1': 'update',
  'workspace.model.description-changed.v1': 'update',
  'workspace.model.deleted.v1': 'delete',
};

export interface Push {
  channel: 'workspace-model';
  rooms: string[];
  message: PushMessage<Model>;
}

/**
 * Which rooms may hear about a model event, and what they hear. Today only the author sees a model;
 * teams and shares add their rooms with their issues.
 */
export function modelPush(event: AnyEventEnvelope): Push | null {
  const verb = VERBS[event.type];
  if (!verb) return null;
  const { version: _version, ...model } = (event.data as { model: ModelSnapshot }).model;
  return {
    channel: 'workspace-model',
    rooms: [userRoom(model.authorId)],
    message: { verb, data: { ...model, userRole: 'owner' } },
  };
}

export const userRoom = (userId: string) => `user:${userId}`;
