import { Inject, Injectable } from '@nestjs/common';
import { ProjectState, TeamAggregate } from '@kiln/domain';
import { appendToOutbox, DB, EventMeta, writeVersioned } from '@kiln/service-kit';
import { Kysely, sql, Transaction } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { memberToRow, projectToRow, rowsToState, teamToRow } from './team-rows';

export type Trx = Transaction<WorkspaceDatabase>;

/**
 * Teams with their members and projects: one TeamAggregate, stored in `teams` + `team_members` +
 * `projects`, saved with its outbox rows in one transaction. Commands load the team `FOR UPDATE`, so two
 * changes to one team (two invites at once) wait for each other instead of losing one; the version check
 * on `teams.version` stays as the guard for any writer that did not lock.
 */
@Injectable()
export class PgTeamRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  load(trx: Trx, id: string): Promise<TeamAggregate | null> {
    return loadTeam(trx, id);
  }

  save(trx: Trx, team: TeamAggregate, meta: EventMeta): Promise<string[]> {
    return saveTeam(trx, team, meta);
  }

  lockEmail(trx: Trx, email: string): Promise<void> {
    return lockInviteEmail(trx, email);
  }

  /** The team as committed, without a lock (outside any change); null when there is none. */
  find(id: string): Promise<TeamAggregate | null> {
    return loadTeam(this.db, id, false);
  }

  /** A person's id and e-mail (`users` state), or null when the account is gone. */
  async person(id: string): Promise<{ id: string; email: string } | null> {
    return (await this.db.withSchema(SCHEMA).selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The account with this (normalized) e-mail, read in the change's transaction; null when there is none. */
  async accountIdByEmail(trx: Trx, email: string): Promise<string | null> {
    const account = await trx.withSchema(SCHEMA).selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    return account?.id ?? null;
  }

  /** A project as committed (`projects` state) with its team, or null. */
  async project(id: string): Promise<{ teamId: string; project: ProjectState } | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
    return row
      ? { teamId: row.team_id, project: { id: row.id, name: row.name, description: row.description, createdAt: row.created_at, updatedAt: row.updated_at } }
      : null;
  }

  /** The team a project or a member row belongs to (state tables), or null. */
  async teamIdOf(kind: 'project' | 'member', id: string): Promise<string | null> {
    const table = kind === 'project' ? 'projects' : 'team_members';
    const row = await this.db.withSchema(SCHEMA).selectFrom(table).select('team_id').where('id', '=', id).executeTakeFirst();
    return row?.team_id ?? null;
  }
}

/** The team, its row locked until the transaction ends; null when there is none. */
export async function loadTeam(trx: Trx | Kysely<WorkspaceDatabase>, id: string, lock = true): Promise<TeamAggregate | null> {
  const t = trx.withSchema(SCHEMA);
  let query = t.selectFrom('teams').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const team = await query.executeTakeFirst();
  if (!team) return null;
  const [members, projects] = await Promise.all([
    t.selectFrom('team_members').selectAll().where('team_id', '=', id).orderBy('created_at').orderBy('id').execute(),
    t.selectFrom('projects').selectAll().where('team_id', '=', id).orderBy('created_at').orderBy('id').execute(),
  ]);
  return TeamAggregate.restore(rowsToState(team, members, projects));
}

/** Writes the team's new state and its events (outbox) in the caller's transaction; answers the event ids. */
export async function saveTeam(trx: Trx, team: TeamAggregate, meta: EventMeta): Promise<string[]> {
  const events = team.pullEvents();
  if (events.length === 0) return [];
  const state = team.snapshot();
  const t = trx.withSchema(SCHEMA);
  // A deleted team's members and projects go with it (ON DELETE CASCADE).
  await writeVersioned(trx, SCHEMA, { table: 'teams', row: teamToRow(state), loadedVersion: team.loadedVersion, deleted: team.isDeleted });
  if (!team.isDeleted) {
    // Teams are small: their members and projects are written again as a whole.
    await t.deleteFrom('team_members').where('team_id', '=', state.id).execute();
    await t.deleteFrom('projects').where('team_id', '=', state.id).execute();
    if (state.members.length)
      await t
        .insertInto('team_members')
        .values(state.members.map((m) => memberToRow(state.id, m)))
        .execute();
    if (state.projects.length)
      await t
        .insertInto('projects')
        .values(state.projects.map((p) => projectToRow(state.id, p)))
        .execute();
  }
  const envelopes = await appendToOutbox(trx, SCHEMA, events, meta);
  return envelopes.map((e) => e.eventId);
}

/**
 * Invites and sign-ups meet on an e-mail: both take this lock before reading the other's rows, so an
 * invite committed while that person signs up is still seen by the sign-up reaction (or sees the account).
 */
export async function lockInviteEmail(trx: Trx, email: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`team-invite:${email.trim().toLowerCase()}`}))`.execute(trx);
}
