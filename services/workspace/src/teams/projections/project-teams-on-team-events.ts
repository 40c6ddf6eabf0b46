import { AnyEventEnvelope, ProjectSnapshot, TeamMemberFact, TeamSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import { sql, Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

type Trx = Transaction<WorkspaceDatabase>;
type TeamEventData = { team: TeamSnapshot; member?: TeamMemberFact; owner?: TeamMemberFact; project?: ProjectSnapshot };

const DELETES_MEMBER = 'workspace.team.member-removed.v1';
const DELETES_PROJECT = 'workspace.team.project-deleted.v1';
const DELETES_TEAM = 'workspace.team.deleted.v1';

const teamRow = (team: TeamSnapshot, deletedAt: Date | null) => ({
  id: team.id,
  name: team.name,
  description: team.description,
  color: team.color,
  owner_id: team.ownerId,
  created_at: new Date(team.createdAt),
  updated_at: new Date(team.updatedAt),
  version: team.version,
  deleted_at: deletedAt,
});

/**
 * Builds `team_view`, `team_member_view` and `project_view` from `workspace.team.>` events (one consumer:
 * nats-server 2.9 has one subject per consumer). Every event carries the team's snapshot and version:
 * a row is only written by an event newer than the one that last wrote it (`version`, `team_version`),
 * so a late or repeated event never regresses it, and deletions stay as tombstones (`deleted_at`).
 * Events carry no e-mail: a member's e-mail is read from `team_members` when the event is applied.
 */
export const ProjectTeamsOnTeamEvents: Projection = {
  name: 'project-teams-on-team-events',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.team.>',

  async apply(anyTrx, event: AnyEventEnvelope) {
    const trx = anyTrx as Trx;
    const t = trx.withSchema(SCHEMA);
    const { team, project, ...data } = event.data as TeamEventData;
    // `created` names its owner membership `owner`; the member events name theirs `member`.
    const member = data.member ?? data.owner;
    const version = team.version;
    const at = new Date(event.occurredAt);

    // A team deleted by a newer event keeps everything under it deleted, even rows written only now.
    const current = await t.selectFrom('team_view').select(['version', 'deleted_at']).where('id', '=', team.id).executeTakeFirst();
    const teamGoneAt = current?.deleted_at && current.version >= version ? current.deleted_at : null;
    const deletedTeam = event.type === DELETES_TEAM;

    await t
      .insertInto('team_view')
      .values(teamRow(team, deletedTeam ? at : null))
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            description: eb.ref('excluded.description'),
            color: eb.ref('excluded.color'),
            owner_id: eb.ref('excluded.owner_id'),
            updated_at: eb.ref('excluded.updated_at'),
            version: eb.ref('excluded.version'),
            deleted_at: eb.ref('excluded.deleted_at'),
          }))
          .where('team_view.version', '<', version),
      )
      .execute();

    if (deletedTeam) {
      for (const table of ['team_member_view', 'project_view'] as const) {
        await t.updateTable(table).set({ deleted_at: at, team_version: version }).where('team_id', '=', team.id).where('team_version', '<', version).execute();
      }
      return;
    }

    if (member) {
      const state = await t.selectFrom('team_members').select('email').where('id', '=', member.id).executeTakeFirst();
      const existing = state ? null : await t.selectFrom('team_member_view').select('email').where('id', '=', member.id).executeTakeFirst();
      await t
        .insertInto('team_member_view')
        .values({
          id: member.id,
          team_id: team.id,
          user_id: member.userId,
          // Gone from the state already (removed or team deleted since): a newer event tombstones the row.
          email: state?.email ?? existing?.email ?? '',
          role: member.role,
          status: member.status,
          created_at: new Date(member.createdAt),
          team_version: version,
          deleted_at: event.type === DELETES_MEMBER ? at : teamGoneAt,
        })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => ({
              user_id: eb.ref('excluded.user_id'),
              email: sql`CASE WHEN excluded.email = '' THEN team_member_view.email ELSE excluded.email END`,
              role: eb.ref('excluded.role'),
              status: eb.ref('excluded.status'),
              team_version: eb.ref('excluded.team_version'),
              deleted_at: eb.ref('excluded.deleted_at'),
            }))
            .where('team_member_view.team_version', '<', version),
        )
        .execute();
    }

    if (project) {
      await t
        .insertInto('project_view')
        .values({
          id: project.id,
          team_id: team.id,
          name: project.name,
          description: project.description,
          created_at: new Date(project.createdAt),
          updated_at: new Date(project.updatedAt),
          team_version: version,
          deleted_at: event.type === DELETES_PROJECT ? at : teamGoneAt,
        })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              description: eb.ref('excluded.description'),
              updated_at: eb.ref('excluded.updated_at'),
              team_version: eb.ref('excluded.team_version'),
              deleted_at: eb.ref('excluded.deleted_at'),
            }))
            .where('project_view.team_version', '<', version),
        )
        .execute();
    }
  },

  /**
   * From the state tables (published outbox rows are pruned): live rows are dropped and written again
   * from `teams`, `team_members`, `projects`, at the team's current version; tombstones stay, so nothing
   * deleted comes back and no older event can regress a rebuilt row.
   */
  async rebuild(anyTrx) {
    const trx = anyTrx as Trx;
    const view = (name: string) => sql.id(SCHEMA, name);
    const state = (name: string) => sql.id(SCHEMA, name);
    for (const table of ['team_view', 'team_member_view', 'project_view']) {
      await sql`DELETE FROM ${view(table)} WHERE deleted_at IS NULL`.execute(trx);
    }
    const teams = await sql`
      INSERT INTO ${view('team_view')} (id, name, description, color, owner_id, created_at, updated_at, version, deleted_at)
      SELECT id, name, description, color, owner_id, created_at, updated_at, version, NULL FROM ${state('teams')}
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, color = excluded.color,
        owner_id = excluded.owner_id, updated_at = excluded.updated_at, version = excluded.version, deleted_at = NULL
      WHERE team_view.version < excluded.version`.execute(trx);
    const members = await sql`
      INSERT INTO ${view('team_member_view')} (id, team_id, user_id, email, role, status, created_at, team_version, deleted_at)
      SELECT m.id, m.team_id, m.user_id, m.email, m.role, m.status, m.created_at, t.version, NULL
      FROM ${state('team_members')} m JOIN ${state('teams')} t ON t.id = m.team_id
      ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, email = excluded.email, role = excluded.role, status = excluded.status,
        team_version = excluded.team_version, deleted_at = NULL
      WHERE team_member_view.team_version < excluded.team_version`.execute(trx);
    const projects = await sql`
      INSERT INTO ${view('project_view')} (id, team_id, name, description, created_at, updated_at, team_version, deleted_at)
      SELECT p.id, p.team_id, p.name, p.description, p.created_at, p.updated_at, t.version, NULL
      FROM ${state('projects')} p JOIN ${state('teams')} t ON t.id = p.team_id
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, updated_at = excluded.updated_at,
        team_version = excluded.team_version, deleted_at = NULL
      WHERE project_view.team_version < excluded.team_version`.execute(trx);
    return [teams, members, projects].reduce((sum, r) => sum + Number(r.numAffectedRows ?? 0), 0);
  },
};
