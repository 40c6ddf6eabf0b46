import { Inject, Injectable } from '@nestjs/common';
import { CommunityTagsQuery, DistinctTags, EnvironmentMap, EnvironmentMapList, ENVIRONMENT_MAP_MESSAGES, ListEnvironmentMapsQuery } from '@kiln/contracts';
import { CommunityActor, communityItemReadable, DomainError, EnvironmentMapState, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { Clock, CLOCK, DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { activeTeamRole, teamOfLiveProject } from '../../teams/adapters/team-scope.views';
import { COMMUNITY_MODERATORS, CommunityModerators } from '../../textures/ports/moderators.port';
import { EnvironmentMapRow, rowToState, stateToEnvironmentMap } from './environment-map-row.mapper';

const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name', publishedAt: 'published_at' } as const;
const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const sceneRows = (db: Kysely<WorkspaceDatabase>) => db.withSchema(SCHEMA).selectFrom('environment_map_view as e').where('e.deleted_at', 'is', null);

/** Reads of the scenes' read model (`environment_map_view`, with `user_view` and the team views). */
@Injectable()
export class PgEnvironmentMapReadModel {
  constructor(
    @Inject(DB) private readonly db: Kysely<WorkspaceDatabase>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(COMMUNITY_MODERATORS) private readonly moderators: CommunityModerators,
  ) {}

  /**
   * `where.public: true`: the community scenes (everyone's public ones). Otherwise a scope's own scenes
   * (personal: the caller's outside any team; a team's or project's: any active member, 403 for others),
   * `where.public: false` only its private ones. Name contains, tags any of, sort, 20 a page.
   */
  async list(actorId: string, query: ListEnvironmentMapsQuery): Promise<EnvironmentMapList> {
    const where = query.where ?? {};
    let rows = sceneRows(this.db);
    let actor: CommunityActor | undefined;
    if (where.public === true) rows = rows.where('e.public', '=', true);
    else {
      const scope = await this.scopeOf(actorId, where.teamId ?? undefined, where.projectId ?? undefined);
      actor = { userId: actorId, teamRole: scope.role };
      if (scope.teamId) {
        rows = rows.where('e.team_id', '=', scope.teamId);
        rows = where.projectId ? rows.where('e.project_id', '=', where.projectId) : rows.where('e.project_id', 'is', null);
      } else rows = rows.where('e.author_id', '=', actorId).where('e.team_id', 'is', null);
      if (where.public === false) rows = rows.where('e.public', '=', false);
    }
    const contains = where.name?.contains.trim();
    if (contains) rows = rows.where('e.name', 'ilike', likeOf(contains));
    const tags = (where.tags?.in ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);
    if (tags.length) rows = rows.where(sql<boolean>`exists (select 1 from unnest(e.tags) as tag where lower(tag) = any(${sql.val(tags)}::text[]))`);
    const sort = query.sort ?? { field: 'updatedAt' as const, direction: 'desc' as const };
    const column = SORT_COLUMN[sort.field];
    const key = column === 'name' ? sql`lower(e.name)` : sql`${sql.ref(`e.${column}`)}`;
    const [page, total] = await Promise.all([
      rows
        .selectAll('e')
        .orderBy(sql`${key} ${sql.raw(sort.direction)} nulls last`)
        .orderBy('e.id', sort.direction)
        .offset(query.skip)
        .limit(query.limit)
        .execute(),
      rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const states = page.map((r) => rowToState(r as EnvironmentMapRow));
    return { data: await this.present(actorId, states, actor?.teamRole ? actor : undefined), total: Number(total.n) };
  }

  /** One live scene the caller may read (its scope's, or a community scene); 404 for anyone else. */
  async get(actorId: string, id: string): Promise<EnvironmentMap> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('environment_map_view')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const state = row ? rowToState(row as EnvironmentMapRow) : null;
    const actor = state ? await this.actorFor(actorId, state.teamId) : null;
    if (!state || !actor || !communityItemReadable(state, actor)) throw new DomainError('not-found', ENVIRONMENT_MAP_MESSAGES.notFound);
    return (await this.present(actorId, [state], actor))[0]!;
  }

  /** The distinct tags of a scope's scenes, or of the community scenes. */
  async tags(actorId: string, query: CommunityTagsQuery): Promise<DistinctTags> {
    let rows = sceneRows(this.db);
    if (query.community) rows = rows.where('e.public', '=', true);
    else {
      const scope = await this.scopeOf(actorId, query.teamId, query.projectId);
      if (scope.teamId) {
        rows = rows.where('e.team_id', '=', scope.teamId);
        rows = query.projectId ? rows.where('e.project_id', '=', query.projectId) : rows.where('e.project_id', 'is', null);
      } else rows = rows.where('e.author_id', '=', actorId).where('e.team_id', 'is', null);
    }
    const found = await rows
      .select(sql<string>`unnest(e.tags)`.as('tag'))
      .distinct()
      .execute();
    return { data: found.map((r) => r.tag).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })) };
  }

  /** Which of `mediaIds` are the files (EXR, preview) of live scenes the caller may read. */
  async readableMediaIds(actorId: string, mediaIds: string[]): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('environment_map_view')
      .select(['author_id', 'team_id', 'public', 'media_ids'])
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`media_ids && ${sql.val(mediaIds)}::text[]`)
      .execute();
    const readable = new Set<string>();
    for (const row of rows) {
      const actor = await this.actorFor(actorId, row.team_id);
      if (communityItemReadable({ authorId: row.author_id, teamId: row.team_id, public: row.public }, actor)) row.media_ids.forEach((id) => readable.add(id));
    }
    return mediaIds.filter((id) => readable.has(id));
  }

  /** Scenes as the API answers them, seen by `actorId` (`actor` when already known). */
  async present(actorId: string, states: EnvironmentMapState[], actor?: CommunityActor): Promise<EnvironmentMap[]> {
    if (states.length === 0) return [];
    const authorIds = [...new Set(states.map((s) => s.authorId))];
    const [users, moderator] = await Promise.all([
      this.db.withSchema(SCHEMA).selectFrom('user_view').select(['id', 'full_name']).where('id', 'in', authorIds).execute(),
      actor?.moderator ?? this.moderators.isModerator(actorId),
    ]);
    const names = new Map(users.map((u) => [u.id, u.full_name]));
    const now = this.clock.now();
    const roles = new Map<string, CommunityActor['teamRole']>();
    const result: EnvironmentMap[] = [];
    for (const state of states) {
      let teamRole = actor?.teamRole ?? null;
      if (!actor && state.teamId) {
        if (!roles.has(state.teamId)) roles.set(state.teamId, await activeTeamRole(this.db, state.teamId, actorId));
        teamRole = roles.get(state.teamId) ?? null;
      }
      result.push(stateToEnvironmentMap(state, names.get(state.authorId) ?? '', { actor: { userId: actorId, teamRole, moderator }, now }));
    }
    return result;
  }

  private async scopeOf(actorId: string, teamId?: string, projectId?: string): Promise<{ teamId: string | null; role: CommunityActor['teamRole'] }> {
    const team = teamId ?? (projectId ? await teamOfLiveProject(this.db, projectId) : null);
    if (projectId && !team) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    if (projectId && teamId && (await teamOfLiveProject(this.db, projectId)) !== teamId) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    const role = team ? await activeTeamRole(this.db, team, actorId) : null;
    if (team && !teamAllows(role, 'communityItem.read')) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    return { teamId: team, role };
  }

  private async actorFor(actorId: string, teamId: string | null): Promise<CommunityActor> {
    return { userId: actorId, teamRole: teamId ? await activeTeamRole(this.db, teamId, actorId) : null };
  }
}
