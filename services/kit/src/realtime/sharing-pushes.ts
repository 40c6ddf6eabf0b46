import { ModelShareSnapshot } from '@kiln/contracts';
import { EventOf } from './parse-event';
import { emit, leaveAll, moveTo, PushPlan, Step } from './push-plan';
import { modelRoom, modelRooms, userRoom } from './rooms';

type ShareEvent = EventOf<
  'workspace.model-share.created.v1' | 'workspace.model-share.activated.v1' | 'workspace.model-share.role-changed.v1' | 'workspace.model-share.removed.v1'
>;
type FavoriteEvent = EventOf<'workspace.favorite.added.v1' | 'workspace.favorite.removed.v1'>;

export const isShareEvent = (event: { type: string }): event is ShareEvent => event.type.startsWith('workspace.model-share.');
export const isFavoriteEvent = (event: { type: string }): event is FavoriteEvent => event.type.startsWith('workspace.favorite.');

type Verb = 'create' | 'update' | 'delete';
const toUser = (userId: string, share: ModelShareSnapshot, verb: Verb) => emit('workspace-shared-model', [userRoom(userId)], { verb, data: share });

function shareSteps(event: ShareEvent): Step[] {
  const { share } = event.data;
  const owner = share.ownerId;
  const user = share.userId;
  // A pending share (no account yet) concerns only the owner's share list.
  if (!user)
    return [
      toUser(
        owner,
        share,
        event.type === 'workspace.model-share.removed.v1' ? 'delete' : event.type === 'workspace.model-share.created.v1' ? 'create' : 'update',
      ),
    ];
  const into = moveTo(user, modelRoom(share.modelId, share.role), modelRooms(share.modelId));
  switch (event.type) {
    case 'workspace.model-share.created.v1':
      return [into, emit('workspace-shared-model', [userRoom(user), userRoom(owner)], { verb: 'create', data: share })];
    case 'workspace.model-share.activated.v1':
      // New to the person, a known row (now with an account) to the owner.
      return [into, toUser(user, share, 'create'), toUser(owner, share, 'update')];
    case 'workspace.model-share.role-changed.v1':
      return [into, emit('workspace-shared-model', [userRoom(user), userRoom(owner)], { verb: 'update', data: share })];
    case 'workspace.model-share.removed.v1':
      return [emit('workspace-shared-model', [userRoom(user), userRoom(owner)], { verb: 'delete', data: share }), leaveAll(user, modelRooms(share.modelId))];
  }
}

/**
 * `workspace-shared-model`: the person the model is shared with and its owner. The person's sockets join
 * the model's room for their role (so they hear the model's own pushes) and leave it when the share ends.
 */
export function sharePlan(event: ShareEvent): PushPlan {
  const { share } = event.data;
  return {
    order: { eventId: event.eventId, key: `share:${share.id}`, version: share.version, deleted: event.type === 'workspace.model-share.removed.v1' },
    steps: shareSteps(event),
  };
}

/** `workspace-user-favorite`: only the person who starred. A favorite is added once and removed once. */
export function favoritePlan(event: FavoriteEvent): PushPlan {
  const { favorite } = event.data;
  const removed = event.type === 'workspace.favorite.removed.v1';
  return {
    order: { eventId: event.eventId, key: `favorite:${favorite.id}`, version: removed ? 2 : 1, deleted: removed },
    steps: [emit('workspace-user-favorite', [userRoom(favorite.userId)], { verb: removed ? 'delete' : 'create', data: favorite })],
  };
}
