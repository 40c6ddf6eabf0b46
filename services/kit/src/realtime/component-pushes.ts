import { ComponentSnapshot } from '@kiln/contracts';
import { TEAM_ROLES } from '@kiln/domain';
import { EventOf } from './parse-event';
import { emit, PushPlan } from './push-plan';
import { PushableEvent } from './parse-event';
import { teamRoom, userRoom } from './rooms';

export type ComponentEvent = EventOf<
  'workspace.component.created.v1' | 'workspace.component.renamed.v1' | 'workspace.component.description-changed.v1' | 'workspace.component.deleted.v1'
>;

const VERBS = {
  'workspace.component.created.v1': 'create',
  'workspace.component.renamed.v1': 'update',
  'workspace.component.description-changed.v1': 'update',
  'workspace.component.deleted.v1': 'delete',
} as const satisfies Record<ComponentEvent['type'], 'create' | 'update' | 'delete'>;

export const isComponentEvent = (event: PushableEvent): event is ComponentEvent => Object.hasOwn(VERBS, event.type);

/**
 * `workspace-component` (spec 001 §4, ADR 0051): a personal component goes to its author's user room only;
 * a team's (or project's) to each role room of its team, with that role as `userRole`, so the page knows
 * what the recipient may do. Nobody else hears of it. The version orders the pushes; a deletion is a tombstone.
 */
export function componentPlan(event: ComponentEvent): PushPlan {
  const verb = VERBS[event.type];
  const component: ComponentSnapshot = event.data.component;
  const steps = component.teamId
    ? TEAM_ROLES.map((role) => emit('workspace-component', [teamRoom(component.teamId!, role)], { verb, data: { ...component, userRole: role } }))
    : [emit('workspace-component', [userRoom(component.authorId)], { verb, data: { ...component, userRole: null } })];
  return {
    order: { eventId: event.eventId, key: `component:${component.id}`, version: component.version, deleted: verb === 'delete', revives: false },
    steps,
  };
}
