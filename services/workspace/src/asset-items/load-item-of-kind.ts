import { ASSET_ITEM_MESSAGES, AssetItemKind } from '@kiln/contracts';
import { AssetItemActor, AssetItemAggregate, DomainError } from '@kiln/domain';
import { TeamRoles } from '../teams/ports/team-roles.port';
import { AssetItemRepository } from './ports/asset-item.repository.port';

/** The item of the route's kind (an image is not found under /object-3-d), with the caller's role in its team. */
export async function loadItemOfKind(
  items: AssetItemRepository,
  teamRoles: TeamRoles,
  actorId: string,
  kind: AssetItemKind,
  id: string,
): Promise<{ item: AssetItemAggregate; actor: AssetItemActor }> {
  const item = await items.findById(id);
  const state = item?.snapshot();
  if (!item || !state || state.kind !== kind) throw new DomainError('not-found', ASSET_ITEM_MESSAGES.notFound[kind]);
  return { item, actor: { userId: actorId, teamRole: state.teamId ? await teamRoles.roleOf(state.teamId, actorId) : null } };
}
