import { TEXTURE_MESSAGES } from '@kiln/contracts';
import { CommunityActor, DomainError, TextureAggregate } from '@kiln/domain';
import { TeamRoles } from '../teams/ports/team-roles.port';
import { TextureRepository } from './ports/texture.repository.port';

/** A texture with the caller as its rules see them (their active role in its team); 404 when there is none. */
export async function loadTexture(
  textures: TextureRepository,
  teamRoles: TeamRoles,
  actorId: string,
  id: string,
  moderator = false,
): Promise<{ texture: TextureAggregate; actor: CommunityActor }> {
  const texture = await textures.findById(id);
  if (!texture) throw new DomainError('not-found', TEXTURE_MESSAGES.notFound);
  const { teamId } = texture.snapshot();
  return { texture, actor: { userId: actorId, teamRole: teamId ? await teamRoles.roleOf(teamId, actorId) : null, moderator } };
}
