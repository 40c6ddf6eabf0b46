import { AreaRoutes } from '@kiln/service-kit';
import { PgBusinessAccess } from './adapters/pg-business-access';
import { BUSINESS_ACCESS } from './ports/business-access.port';
import { FollowTeamsOnTeamEvents } from './projections/follow-teams-on-team-events';

/**
 * Who may read and change business records (ADR 0029), from commerce's copy of the workspace's teams: no
 * NATS subject of its own, every record use case asks BusinessAccess.
 */
export const teamAccessRoutes: AreaRoutes = {
  providers: [{ provide: BUSINESS_ACCESS, useClass: PgBusinessAccess }],
  routes: [],
  projections: [FollowTeamsOnTeamEvents],
};
