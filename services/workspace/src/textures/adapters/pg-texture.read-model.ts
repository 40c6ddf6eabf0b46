import { Inject, Injectable } from '@nestjs/common';
import {
  CommunityTagsQuery,
  DistinctTags,
  ListTextureAssociationsQuery,
  ListTexturesQuery,
  Texture,
  TextureAssociation,
  TextureAssociationList,
  TextureList,
  TEXTURE_MESSAGES,
} from '@kiln/contracts';
import {
  CommunityActor,
  communityItemReadable,
  DomainError,
  TEAM_MESSAGES,
  teamAllows,
  textureAssociationReadable,
  TextureAssociationState,
  TextureState,
} from '@kiln/domain';
import { Clock, CLOCK, DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { activeTeamRole, teamOfLiveProject } from '../../teams/adapters/team-scope.views';
import { COMMUNITY_MODERATORS, CommunityModerators } from '../ports/moderators.port';
import { associationRowToState, associationToSnapshot, libraryOf, rowToState, stateToTexture, TextureAssociationRow, TextureRow } from './texture-row.mapper';

const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name', publishedAt: 'published_at' } as const;
const textureRows = (db: Kysely<WorkspaceDatabase>) => db.withSchema(SCHEMA).selectFrom('texture_view as t').where('t.deleted_at', 'is', null);
type TextureRows = ReturnType<typeof textureRows>;
const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Reads of the textures' read models (`texture_view`, `texture_association_view`, with `user_view` and the team views). */
@Injectable()
export class PgTextureReadModel {
  constructor(
    @Inject(DB) private readonly db: Kysely<WorkspaceDatabase>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(COMMUNITY_MODERATORS) private readonly moderators: CommunityModerators,
  ) {}

  /**
   * A scope's own textures (the 'Uploaded' section): personal, the caller's outside any team; a team's (or one
   * project's), for any active member (403 for anyone else, as the team's other lists).
   */
  async list(actorId: string, query: ListTexturesQuery): Promise<TextureList> {
    const scope = await this.scopeOf(actorId, query.teamId, query.projectId);
    let rows = textureRows(this.db);
    if (scope.teamId) {
      rows = rows.where('t.team_id', '=', scope.teamId);
      rows = query.projectId ? rows.where('t.project_id', '=', query.projectId) : rows.where('t.project_id', 'is', null);
    } else {
      rows = rows.where('t.author_id', '=', actorId).where('t.team_id', 'is', null);
    }
    return this.page(rows, query, { userId: actorId, teamRole: scope.role });
  }

  /** The community textures: everyone's public ones (spec 001 §2 "Community textures browser"). */
  async community(actorId: string, query: ListTexturesQuery): Promise<TextureList> {
    const rows = textureRows(this.db).where('t.public', '=', true);
    return this.page(rows, query, { userId: actorId, teamRole: null });
  }

  /** One live texture the caller may read (its scope, or a community texture); 404 for anyone else. */
  async get(actorId: string, id: string): Promise<Texture> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('texture_view').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    const state = row ? rowToState(row as TextureRow) : null;
    const actor = state ? await this.actorFor(actorId, state.teamId) : null;
    if (!state || !actor || !communityItemReadable(state, actor)) throw new DomainError('not-found', TEXTURE_MESSAGES.notFound);
    return (await this.present(actorId, [state], actor))[0]!;
  }

  /** The distinct tags of a scope's textures, or of the community textures, sorted (case-insensitively). */
  async tags(actorId: string, query: CommunityTagsQuery): Promise<DistinctTags> {
    let rows = textureRows(this.db);
    if (query.community) rows = rows.where('t.public', '=', true);
    else {
      const scope = await this.scopeOf(actorId, query.teamId, query.projectId);
      if (scope.teamId) {
        rows = rows.where('t.team_id', '=', scope.teamId);
        rows = query.projectId ? rows.where('t.project_id', '=', query.projectId) : rows.where('t.project_id', 'is', null);
      } else rows = rows.where('t.author_id', '=', actorId).where('t.team_id', 'is', null);
    }
    const found = await rows
      .select(sql<string>`unnest(t.tags)`.as('tag'))
      .distinct()
      .execute();
    return { data: found.map((r) => r.tag).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })) };
  }

  /** Which of `mediaIds` are the files (maps, preview) of live textures the caller may read (a community texture's: anyone signed in). */
  async readableMediaIds(actorId: string, mediaIds: string[]): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('texture_view')
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

  /** Textures as the API answers them, seen by `actorId` (`actor` when already known). */
  async present(actorId: string, states: TextureState[], actor?: CommunityActor): Promise<Texture[]> {
    if (states.length === 0) return [];
    const authorIds = [...new Set(states.map((s) => s.authorId))];
    const [users, moderator] = await Promise.all([
      this.db.withSchema(SCHEMA).selectFrom('user_view').select(['id', 'full_name']).where('id', 'in', authorIds).execute(),
      actor?.moderator ?? this.moderators.isModerator(actorId),
    ]);
    const names = new Map(users.map((u) => [u.id, u.full_name]));
    const now = this.clock.now();
    const roles = new Map<string, CommunityActor['teamRole']>();
    const result: Texture[] = [];
    for (const state of states) {
      let teamRole = actor?.teamRole ?? null;
      if (!actor && state.teamId) {
        if (!roles.has(state.teamId)) roles.set(state.teamId, await activeTeamRole(this.db, state.teamId, actorId));
        teamRole = roles.get(state.teamId) ?? null;
      }
      result.push(stateToTexture(state, names.get(state.authorId) ?? '', { actor: { userId: actorId, teamRole, moderator }, now }));
    }
    return result;
  }

  /** A scope's associations with their textures (the 'Community textures' section); those whose texture is gone or private again are left out. */
  async associations(actorId: string, query: ListTextureAssociationsQuery): Promise<TextureAssociationList> {
    const scope = await this.scopeOf(actorId, query.teamId, query.projectId);
    const library = libraryOf({ userId: actorId, teamId: scope.teamId, projectId: scope.teamId ? (query.projectId ?? null) : null });
    let rows = this.db
      .withSchema(SCHEMA)
      .selectFrom('texture_association_view as a')
      .innerJoin('texture_view as t', 't.id', 'a.texture_id')
      .where('a.deleted_at', 'is', null)
      .where('a.library', '=', library)
      .where('t.deleted_at', 'is', null)
      .where('t.public', '=', true);
    const term = query.term?.trim();
    if (term) rows = rows.where('t.name', 'ilike', likeOf(term));
    const [page, total] = await Promise.all([
      rows.selectAll('a').orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').offset(query.skip).limit(query.limit).execute(),
      rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const states = page.map((r) => associationRowToState(r as TextureAssociationRow));
    return { data: await this.presentAssociations(actorId, states), total: Number(total.n) };
  }

  /** One association of a library the caller reads; its texture null when gone or no longer readable. */
  async getAssociation(actorId: string, id: string): Promise<TextureAssociation> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('texture_association_view')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const state = row ? associationRowToState(row as TextureAssociationRow) : null;
    const role = state?.teamId ? await activeTeamRole(this.db, state.teamId, actorId) : null;
    if (!state || !textureAssociationReadable(state, { userId: actorId, teamRole: role }))
      throw new DomainError('not-found', TEXTURE_MESSAGES.associationNotFound);
    return (await this.presentAssociations(actorId, [state]))[0]!;
  }

  /** Associations with their textures, as the caller sees them. */
  async presentAssociations(actorId: string, states: TextureAssociationState[]): Promise<TextureAssociation[]> {
    if (states.length === 0) return [];
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('texture_view')
      .selectAll()
      .where(
        'id',
        'in',
        states.map((s) => s.textureId),
      )
      .where('deleted_at', 'is', null)
      .execute();
    const textures = rows.map((r) => rowToState(r as TextureRow)).filter((t) => t.public);
    const presented = new Map((await this.present(actorId, textures)).map((t) => [t.id, t]));
    return states.map((s) => ({ ...associationToSnapshot(s), texture: presented.get(s.textureId) ?? null }));
  }

  private async page(rows: TextureRows, query: ListTexturesQuery, actor: CommunityActor): Promise<TextureList> {
    const term = query.term?.trim();
    if (term) rows = rows.where('t.name', 'ilike', likeOf(term));
    const tag = query.tag?.trim().toLowerCase();
    if (tag) rows = rows.where(sql<boolean>`exists (select 1 from unnest(t.tags) as tag where lower(tag) = ${tag})`);
    const column = SORT_COLUMN[query.sortField];
    const key = column === 'name' ? sql`lower(t.name)` : sql`${sql.ref(`t.${column}`)}`;
    const [page, total] = await Promise.all([
      rows
        .selectAll('t')
        .orderBy(sql`${key} ${sql.raw(query.sortDirection)} nulls last`)
        .orderBy('t.id', query.sortDirection)
        .offset(query.skip)
        .limit(query.limit)
        .execute(),
      rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: await this.present(
        actor.userId,
        page.map((r) => rowToState(r as TextureRow)),
        actor.teamRole ? actor : undefined,
      ),
      total: Number(total.n),
    };
  }

  /** The list's scope: personal, or a team (a project's team) the caller is an active member of (403 otherwise). */
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
