import { ASSET_ITEM_MESSAGES, AssetItemKind, COMMON_MESSAGES } from '@kiln/contracts';
import { AssetItemActor, AssetItemAggregate, DomainError } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';
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

/** How often a person's change is tried again when the item changed between its read and its write. */
const ATTEMPTS = 3;

/**
 * Loads the item, applies `change` and saves it. The media's preview may land on the item at any moment
 * (the reaction follow-media-previews, ADR 0052): a person's rename or delete that meets it is read and
 * applied again instead of answering 409, since the two never touch the same fields.
 */
export async function changeItemOfKind(
  items: AssetItemRepository,
  teamRoles: TeamRoles,
  input: { actorId: string; kind: AssetItemKind; id: string; meta: EventMeta },
  change: (item: AssetItemAggregate, actor: AssetItemActor) => void,
): Promise<{ item: AssetItemAggregate; eventIds: string[] }> {
  for (let attempt = 1; ; attempt++) {
    const { item, actor } = await loadItemOfKind(items, teamRoles, input.actorId, input.kind, input.id);
    change(item, actor);
    // Taken before saving: a deletion's answer is its last state.
    const last = AssetItemAggregate.restore(item.snapshot());
    try {
      return { item: last, eventIds: await items.save(item, input.meta) };
    } catch (error) {
      const meanwhile = error instanceof DomainError && error.kind === 'conflict' && error.message === COMMON_MESSAGES.changedMeanwhile;
      if (!meanwhile || attempt >= ATTEMPTS) throw error;
    }
  }
}
