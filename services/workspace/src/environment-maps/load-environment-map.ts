import { ENVIRONMENT_MAP_MESSAGES } from '@kiln/contracts';
import { CommunityActor, DomainError, EnvironmentMapAggregate } from '@kiln/domain';
import { TeamRoles } from '../teams/ports/team-roles.port';
import { EnvironmentMapRepository } from './ports/environment-map.repository.port';

/** A scene with the caller as its rules see them (their active role in its team); 404 when there is none. */
export async function loadEnvironmentMap(
  maps: EnvironmentMapRepository,
  teamRoles: TeamRoles,
  actorId: string,
  id: string,
  moderator = false,
): Promise<{ map: EnvironmentMapAggregate; actor: CommunityActor }> {
  const map = await maps.findById(id);
  if (!map) throw new DomainError('not-found', ENVIRONMENT_MAP_MESSAGES.notFound);
  const { teamId } = map.snapshot();
  return { map, actor: { userId: actorId, teamRole: teamId ? await teamRoles.roleOf(teamId, actorId) : null, moderator } };
}
