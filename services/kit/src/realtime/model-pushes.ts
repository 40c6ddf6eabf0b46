import { Model, PushMessage } from '@kiln/contracts';
import { MODEL_ROLES, ModelRole, modelRoleFor, SHARE_ROLES, TEAM_ROLES } from '@kiln/domain';
import { EventOf } from './parse-event';
import { emit, PushPlan } from './push-plan';
import { modelRoom, teamRoom, userRoom } from './rooms';

type ModelEvent = EventOf<
  | 'workspace.model.created.v1'
  | 'workspace.model.renamed.v1'
  | 'workspace.model.description-changed.v1'
  | 'workspace.model.deleted.v1'
  | 'workspace.model.restored.v1'
  | 'workspace.model.shared-with-everyone-changed.v1'
  | 'workspace.model.product-changed.v1'
  | 'workspace.model.geometry-changed.v1'
>;

const VERBS: Record<ModelEvent['type'], PushMessage<unknown>['verb']> = {
  'workspace.model.created.v1': 'create',
  'workspace.model.renamed.v1': 'update',
  'workspace.model.description-changed.v1': 'update',
  'workspace.model.shared-with-everyone-changed.v1': 'update',
  'workspace.model.product-changed.v1': 'update',
  // Its geometry (ADR 0054): the cards show the new thumbnail.
  'workspace.model.geometry-changed.v1': 'update',
  'workspace.model.deleted.v1': 'delete',
  // Back from "Recently deleted": to every list it appears in, as if it was new (ADR 0048).
  'workspace.model.restored.v1': 'create',
};

export const isModelEvent = (event: { type: string }): event is ModelEvent => Object.hasOwn(VERBS, event.type);

/**
 * `workspace-model`: the author, the team's role rooms (team models), and the model's share rooms. Each
 * room's role is what its grant gives (with the model's 'Everyone' access, policy `modelRoleFor`). One emit
 * per role, best role first, each except the rooms already served: a socket in several rooms (an author
 * who owns the team, a team viewer the model is also shared with) gets exactly one message, with its best role.
 */
export function modelPlan(event: ModelEvent): PushPlan {
  const { model } = event.data;
  const everyone = model.sharedWithEveryone;
  const grants: { room: string; role: ModelRole | null }[] = [
    { room: userRoom(model.authorId), role: modelRoleFor({ isAuthor: true, everyone }) },
    ...(model.teamId
      ? TEAM_ROLES.map((teamRole) => ({ room: teamRoom(model.teamId!, teamRole), role: modelRoleFor({ isAuthor: false, teamRole, everyone }) }))
      : []),
    ...SHARE_ROLES.map((shareRole) => ({ room: modelRoom(model.id, shareRole), role: modelRoleFor({ isAuthor: false, shareRole, everyone }) })),
  ];
  const verb = VERBS[event.type];
  const served: string[] = [];
  const steps = [];
  for (const role of MODEL_ROLES) {
    const rooms = grants.filter((g) => g.role === role).map((g) => g.room);
    if (rooms.length === 0) continue;
    const data: Model = { ...model, userRole: role };
    steps.push(emit('workspace-model', rooms, { verb, data }, [...served]));
    served.push(...rooms);
  }
  return {
    order: {
      eventId: event.eventId,
      key: `model:${model.id}`,
      version: model.version,
      deleted: verb === 'delete',
      revives: event.type === 'workspace.model.restored.v1',
    },
    steps,
  };
}
