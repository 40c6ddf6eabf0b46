import { Inject, Injectable } from '@nestjs/common';
import { Component, ComponentList, ListComponentsQuery } from '@kiln/contracts';
import { ComponentState, DomainError, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { UserRow } from '../../models/adapters/model-row.mapper';
import { ComponentRow, rowToComponent, stateToRow } from './component-row.mapper';
import { activeTeamRole, teamOfLiveProject } from '../../teams/adapters/team-scope.views';

const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name' } as const;

/** Reads of the component read model (`component_view` with `user_view` and the team views). Never the write tables. */
@Injectable()
export class PgComponentReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /**
   * One page and the total. Personal scope: the caller's own components outside any team. Team scope (a
   * `teamId`, or a `projectId` whose team is found): every live component of the team (or project), for
   * any active member; anyone else is refused (403, as the team's other lists).
   */
  async list(actorId: string, query: ListComponentsQuery): Promise<ComponentList> {
    const where = query.where ?? {};
    const teamId = where.teamId ?? (where.projectId ? await teamOfLiveProject(this.db, where.projectId) : null);
    if (where.projectId && !teamId) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    const role = teamId ? await activeTeamRole(this.db, teamId, actorId) : null;
    if (teamId && !teamAllows(role, 'component.read')) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);

    let rows = this.db.withSchema(SCHEMA).selectFrom('component_view as c').where('c.deleted_at', 'is', null);
    if (teamId) {
      rows = rows.where('c.team_id', '=', teamId);
      if (where.projectId) rows = rows.where('c.project_id', '=', where.projectId);
      // The team's page lists the team's own components; its projects' are on the project pages (ADR 0051).
      else rows = rows.where('c.project_id', 'is', null);
    } else {
      rows = rows.where('c.author_id', '=', actorId).where('c.team_id', 'is', null);
    }
    const contains = where.name?.contains.trim();
    if (contains) rows = rows.where('c.name', 'ilike', `%${contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

    const sort = query.sort ?? { field: 'updatedAt', direction: 'desc' as const };
    const column = SORT_COLUMN[sort.field];
    const key = column === 'name' ? sql`lower(c.name)` : sql.ref(`c.${column}`);
    const [page, total] = await Promise.all([
      rows.selectAll('c').orderBy(key, sort.direction).orderBy('c.id', sort.direction).offset(query.skip).limit(query.limit).execute(),
      rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const populate = new Set((query.populate ?? []).map((p) => p.split('.')[0]));
    const users = populate.size ? await this.usersById(page as ComponentRow[]) : null;
    return {
      data: page.map((row) => {
        const shown = rowToComponent(row as ComponentRow, users, role);
        if (users && !populate.has('author')) delete shown.author;
        if (users && !populate.has('contributor')) delete shown.contributor;
        return shown;
      }),
      total: Number(total.n),
    };
  }

  /** The component as a command committed it, with its people, seen by `actorId` (answers of commands). */
  async present(actorId: string, state: ComponentState): Promise<Component> {
    const row = stateToRow(state);
    const [users, role] = await Promise.all([this.usersById([row]), row.team_id ? activeTeamRole(this.db, row.team_id, actorId) : Promise.resolve(null)]);
    return rowToComponent(row, users, role);
  }

  private async usersById(rows: ComponentRow[]): Promise<Map<string, UserRow>> {
    const ids = [...new Set(rows.flatMap((r) => [r.author_id, ...(r.contributor_id ? [r.contributor_id] : [])]))];
    if (ids.length === 0) return new Map();
    const users = await this.db.withSchema(SCHEMA).selectFrom('user_view').selectAll().where('id', 'in', ids).execute();
    return new Map(users.map((u) => [u.id, u]));
  }
}
