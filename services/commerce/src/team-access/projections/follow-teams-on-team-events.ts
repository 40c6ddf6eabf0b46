import { ProjectSnapshot, TeamMemberFact, TeamSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';

type Trx = Transaction<CommerceDatabase>;
type TeamEventData = { team: TeamSnapshot; member?: TeamMemberFact; owner?: TeamMemberFact; project?: ProjectSnapshot };

/**
 * Commerce's copy of who is in which team with which role (ADR 0029), from the workspace's
 * `workspace.team.>` events: every event carries the team's version, and a row is only written by an
 * event newer than the one that wrote it, so a late or repeated event changes nothing. A deleted team
 * stays as a tombstone (its members then have no role in it).
 */
export const FollowTeamsOnTeamEvents: Projection = {
  name: 'follow-teams-on-team-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.team.>',
  async apply(anyTrx, event) {
    const t = (anyTrx as Trx).withSchema(SCHEMA);
    const { team, project, ...data } = event.data as TeamEventData;
    const member = data.member ?? data.owner;
    const version = team.version;
    const deleted = event.type === 'workspace.team.deleted.v1';

    const teamRow = { id: team.id, owner_id: team.ownerId, version, deleted };
    await t
      .insertInto('business_teams')
      .values(teamRow)
      .onConflict((oc) => oc.column('id').doUpdateSet(teamRow).where('business_teams.version', '<', version).where('business_teams.deleted', '=', false))
      .execute();

    if (member) {
      const row = {
        member_id: member.id,
        team_id: team.id,
        user_id: member.userId,
        role: member.role,
        active: member.status === 'active' && member.userId !== null && event.type !== 'workspace.team.member-removed.v1',
        team_version: version,
      };
      await t
        .insertInto('business_team_members')
        .values(row)
        .onConflict((oc) => oc.column('member_id').doUpdateSet(row).where('business_team_members.team_version', '<', version))
        .execute();
    }

    if (project) {
      const row = { id: project.id, team_id: team.id, deleted: event.type === 'workspace.team.project-deleted.v1', team_version: version };
      await t
        .insertInto('business_projects')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row).where('business_projects.team_version', '<', version))
        .execute();
    }
  },
  // The source is the workspace's stream, not commerce state: nothing here to rebuild from. Resetting the
  // durable consumer (it replays the stream) re-follows the teams; the rows are version-guarded.
  rebuild: async () => 0,
};
