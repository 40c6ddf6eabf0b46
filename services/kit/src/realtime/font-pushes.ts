import { FontSnapshot } from '@kiln/contracts';
import { TEAM_ROLES } from '@kiln/domain';
import { EventOf } from './parse-event';
import { emit, PushPlan } from './push-plan';
import { PushableEvent } from './parse-event';
import { teamRoom, userRoom } from './rooms';

export type FontEvent = EventOf<'workspace.font.created.v1' | 'workspace.font.hidden-changed.v1' | 'workspace.font.regrouped.v1' | 'workspace.font.deleted.v1'>;

const VERBS = {
  'workspace.font.created.v1': 'create',
  'workspace.font.hidden-changed.v1': 'update',
  'workspace.font.regrouped.v1': 'update',
  'workspace.font.deleted.v1': 'delete',
} as const satisfies Record<FontEvent['type'], 'create' | 'update' | 'delete'>;

export const isFontEvent = (event: PushableEvent): event is FontEvent => Object.hasOwn(VERBS, event.type);

/**
 * `workspace-font` (spec 001 §4, ADR 0055), routed as components are: a personal font to its author's user
 * room only; a team's (or project's) to each role room of its team, with that role as `userRole`. A hidden
 * font is someone else's to see only in its author's lists: the web app refetches on a push, and the lists
 * leave it out. The version orders the pushes; a deletion is a tombstone.
 */
export function fontPlan(event: FontEvent): PushPlan {
  const verb = VERBS[event.type];
  const font: FontSnapshot = event.data.font;
  const steps = font.teamId
    ? TEAM_ROLES.map((role) => emit('workspace-font', [teamRoom(font.teamId!, role)], { verb, data: { ...font, userRole: role } }))
    : font.authorId
      ? [emit('workspace-font', [userRoom(font.authorId)], { verb, data: { ...font, userRole: null } })]
      : [];
  return {
    order: { eventId: event.eventId, key: `font:${font.id}`, version: font.version, deleted: verb === 'delete', revives: false },
    steps,
  };
}
