import { ASSET_ITEM_CHANNELS, AssetItemSnapshot } from '@kiln/contracts';
import { TEAM_ROLES } from '@kiln/domain';
import { EventOf, PushableEvent } from './parse-event';
import { emit, PushPlan } from './push-plan';
import { teamRoom, userRoom } from './rooms';

export type AssetItemEvent = EventOf<
  'workspace.asset-item.created.v1' | 'workspace.asset-item.renamed.v1' | 'workspace.asset-item.preview-changed.v1' | 'workspace.asset-item.deleted.v1'
>;

const VERBS = {
  'workspace.asset-item.created.v1': 'create',
  'workspace.asset-item.renamed.v1': 'update',
  // The media's thumbnail and viewer files are made (or could not be): the cards show them.
  'workspace.asset-item.preview-changed.v1': 'update',
  'workspace.asset-item.deleted.v1': 'delete',
} as const satisfies Record<AssetItemEvent['type'], 'create' | 'update' | 'delete'>;

export const isAssetItemEvent = (event: PushableEvent): event is AssetItemEvent => Object.hasOwn(VERBS, event.type);

/**
 * `workspace-image`, `workspace-resource-svg`, `workspace-object-3-d` (spec 001 §4, ADR 0052), by the item's
 * kind: as components (ADR 0051), a personal item goes to its author's user room only; a team's (or
 * project's) to each role room of its team, with that role as `userRole`. Nobody else hears of it. The
 * version orders the pushes; a deletion is a tombstone.
 */
export function assetItemPlan(event: AssetItemEvent): PushPlan {
  const verb = VERBS[event.type];
  const item: AssetItemSnapshot = event.data.item;
  const channel = ASSET_ITEM_CHANNELS[item.kind];
  const steps = item.teamId
    ? TEAM_ROLES.map((role) => emit(channel, [teamRoom(item.teamId!, role)], { verb, data: { ...item, userRole: role } }))
    : [emit(channel, [userRoom(item.authorId)], { verb, data: { ...item, userRole: null } })];
  return {
    order: { eventId: event.eventId, key: `asset-item:${item.id}`, version: item.version, deleted: verb === 'delete', revives: false },
    steps,
  };
}
