import { CommunityTagsQuery, DistinctTags } from '@kiln/contracts';
import { CommunityActor, CommunityItemState, communityItemReadable, DomainError, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, CLOCK, DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { activeTeamRole, teamOfLiveProject } from '../../teams/adapters/team-scope.views';
import { COMMUNITY_MODERATORS, CommunityModerators } from '../../textures/ports/moderators.port';

/** The read models of the community items: one view per kind, with the same columns for what they share. */
export type CommunityItemView = 'texture_view' | 'environment_map_view';
type Views = WorkspaceDatabase[CommunityItemView];
/** What the queries here read: the columns every kind's view has, under one name. */
type ItemsDatabase = { community_item_view: { [K in keyof Views]: Views[K] } };

/** How one kind is read: its view, its row's state, its answer, its 404 sentence. */
export interface CommunityItemKind<S extends CommunityItemState, A> {
  view: CommunityItemView;
  rowToState(row: never): S;
  /** The item as the API answers it, seen by `viewer` (with what they may do now). */
  toAnswer(state: S, authorName: string, viewer: { actor: CommunityActor; now: Date }): A;
  notFound: string;
}

/** One page of a list: name contains, any of these tags (case-insensitively), a sort, 20 a page. */
export interface CommunityItemPage {
  term?: string;
  tags: string[];
  sort: { field: keyof typeof SORT_COLUMN; direction: 'asc' | 'desc' };
  skip: number;
  limit: number;
}

const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name', publishedAt: 'published_at' } as const;
type ItemRows = ReturnType<PgCommunityItemReadModel<CommunityItemState, unknown>['items']>;
export const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The reads textures and scenes share (spec 001 §2, §4, §9; ADR 0061), written once over either view (aliased
 * `i`): a scope's items or the community's, one item, the distinct tags, the readable files, the answers.
 * Each kind's read model extends it with its kind (and Nest gives it this constructor's providers) and what only it has.
 */
@Injectable()
export abstract class PgCommunityItemReadModel<S extends CommunityItemState, A> {
  /** The kind this read model reads. */
  protected abstract readonly kind: CommunityItemKind<S, A>;

  constructor(
    @Inject(DB) protected readonly db: Kysely<WorkspaceDatabase>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(COMMUNITY_MODERATORS) private readonly moderators: CommunityModerators,
  ) {}

  /** The live items of the kind, aliased `i` (typed by their shared columns; the SQL names the kind's view). */
  protected items() {
    return (this.db as unknown as Kysely<ItemsDatabase>)
      .withSchema(SCHEMA)
      .selectFrom(`${this.kind.view} as i` as 'community_item_view as i')
      .where('i.deleted_at', 'is', null);
  }

  /**
   * A scope's own items: personal, the caller's outside any team; a team's (or one project's), for any active
   * member (403 for anyone else, as the team's other lists). Answers them with the caller as that scope sees them.
   */
  protected async scopeItems(actorId: string, scope: { teamId?: string; projectId?: string }) {
    const { teamId, role } = await this.scopeOf(actorId, scope.teamId, scope.projectId);
    let rows = this.items();
    if (teamId) {
      rows = rows.where('i.team_id', '=', teamId);
      rows = scope.projectId ? rows.where('i.project_id', '=', scope.projectId) : rows.where('i.project_id', 'is', null);
    } else rows = rows.where('i.author_id', '=', actorId).where('i.team_id', 'is', null);
    return { rows, actor: { userId: actorId, teamRole: role } as CommunityActor };
  }

  /** One page of `rows`, answered as `actor` sees them (their role known when they listed a team's). */
  protected async page(rows: ItemRows, page: CommunityItemPage, actor: CommunityActor): Promise<{ data: A[]; total: number }> {
    const term = page.term?.trim();
    if (term) rows = rows.where('i.name', 'ilike', likeOf(term));
    const tags = page.tags.map((t) => t.trim().toLowerCase()).filter(Boolean);
    if (tags.length) rows = rows.where(sql<boolean>`exists (select 1 from unnest(i.tags) as tag where lower(tag) = any(${sql.val(tags)}::text[]))`);
    const column = SORT_COLUMN[page.sort.field];
    const key = column === 'name' ? sql`lower(i.name)` : sql`${sql.ref(`i.${column}`)}`;
    const [found, total] = await Promise.all([
      rows
        .selectAll('i')
        .orderBy(sql`${key} ${sql.raw(page.sort.direction)} nulls last`)
        .orderBy('i.id', page.sort.direction)
        .offset(page.skip)
        .limit(page.limit)
        .execute(),
      rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const states = found.map((r) => this.kind.rowToState(r as never));
    return { data: await this.present(actor.userId, states, actor.teamRole ? actor : undefined), total: Number(total.n) };
  }

  /** One live item the caller may read (its scope's, or a community item); 404 for anyone else. */
  async get(actorId: string, id: string): Promise<A> {
    const row = await this.items().selectAll('i').where('i.id', '=', id).executeTakeFirst();
    const state = row ? this.kind.rowToState(row as never) : null;
    const actor = state ? await this.actorFor(actorId, state.teamId) : null;
    if (!state || !actor || !communityItemReadable(state, actor)) throw new DomainError('not-found', this.kind.notFound);
    return (await this.present(actorId, [state], actor))[0]!;
  }

  /** The distinct tags of a scope's items, or of the community items, sorted (case-insensitively). */
  async tags(actorId: string, query: CommunityTagsQuery): Promise<DistinctTags> {
    const rows = query.community ? this.items().where('i.public', '=', true) : (await this.scopeItems(actorId, query)).rows;
    const found = await rows
      .select(sql<string>`unnest(i.tags)`.as('tag'))
      .distinct()
      .execute();
    return { data: found.map((r) => r.tag).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })) };
  }

  /** Which of `mediaIds` are the files of live items the caller may read (a community item's: anyone signed in). */
  async readableMediaIds(actorId: string, mediaIds: string[]): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    const rows = await this.items()
      .select(['i.author_id', 'i.team_id', 'i.public', 'i.media_ids'])
      .where(sql<boolean>`i.media_ids && ${sql.val(mediaIds)}::text[]`)
      .execute();
    const readable = new Set<string>();
    for (const row of rows) {
      const actor = await this.actorFor(actorId, row.team_id);
      if (communityItemReadable({ authorId: row.author_id, teamId: row.team_id, public: row.public }, actor)) row.media_ids.forEach((id) => readable.add(id));
    }
    return mediaIds.filter((id) => readable.has(id));
  }

  /** Items as the API answers them, seen by `actorId` (`actor` when already known). */
  async present(actorId: string, states: S[], actor?: CommunityActor): Promise<A[]> {
    if (states.length === 0) return [];
    const authorIds = [...new Set(states.map((s) => s.authorId))];
    const [users, moderator] = await Promise.all([
      this.db.withSchema(SCHEMA).selectFrom('user_view').select(['id', 'full_name']).where('id', 'in', authorIds).execute(),
      actor?.moderator ?? this.moderators.isModerator(actorId),
    ]);
    const names = new Map(users.map((u) => [u.id, u.full_name]));
    const now = this.clock.now();
    const roles = new Map<string, CommunityActor['teamRole']>();
    const result: A[] = [];
    for (const state of states) {
      let teamRole = actor?.teamRole ?? null;
      if (!actor && state.teamId) {
        if (!roles.has(state.teamId)) roles.set(state.teamId, await activeTeamRole(this.db, state.teamId, actorId));
        teamRole = roles.get(state.teamId) ?? null;
      }
      result.push(this.kind.toAnswer(state, names.get(state.authorId) ?? '', { actor: { userId: actorId, teamRole, moderator }, now }));
    }
    return result;
  }

  /** A list's scope: personal, or a team (a project's team) the caller is an active member of (403 otherwise). */
  protected async scopeOf(actorId: string, teamId?: string, projectId?: string): Promise<{ teamId: string | null; role: CommunityActor['teamRole'] }> {
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
