import { Injectable } from '@nestjs/common';
import {
  ListTextureAssociationsQuery,
  ListTexturesQuery,
  Texture,
  TextureAssociation,
  TextureAssociationList,
  TextureList,
  TEXTURE_MESSAGES,
} from '@kiln/contracts';
import { DomainError, textureAssociationReadable, TextureAssociationState, TextureState } from '@kiln/domain';
import { CommunityItemPage, likeOf, PgCommunityItemReadModel } from '../../community-items/adapters/pg-community-item.read-model';
import { SCHEMA } from '../../database.types';
import { activeTeamRole } from '../../teams/adapters/team-scope.views';
import { associationRowToState, associationToSnapshot, libraryOf, rowToState, stateToTexture, TextureAssociationRow, TextureRow } from './texture-row.mapper';

const textureKind = { view: 'texture_view', rowToState, toAnswer: stateToTexture, notFound: TEXTURE_MESSAGES.notFound } as const;

/**
 * Reads of the textures' read models (`texture_view`, `texture_association_view`, with `user_view` and the team
 * views): what scenes read alike is the community items' (PgCommunityItemReadModel); the libraries' associations are the textures' own.
 */
@Injectable()
export class PgTextureReadModel extends PgCommunityItemReadModel<TextureState, Texture> {
  protected readonly kind = textureKind;

  /**
   * A scope's own textures (the 'Uploaded' section): personal, the caller's outside any team; a team's (or one
   * project's), for any active member (403 for anyone else, as the team's other lists).
   */
  async list(actorId: string, query: ListTexturesQuery): Promise<TextureList> {
    const { rows, actor } = await this.scopeItems(actorId, query);
    return this.page(rows, pageOf(query), actor);
  }

  /** The community textures: everyone's public ones (spec 001 §2 "Community textures browser"). */
  async community(actorId: string, query: ListTexturesQuery): Promise<TextureList> {
    return this.page(this.items().where('i.public', '=', true), pageOf(query), { userId: actorId, teamRole: null });
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
}

const pageOf = (query: ListTexturesQuery): CommunityItemPage => ({
  term: query.term,
  tags: query.tag ? [query.tag] : [],
  sort: { field: query.sortField, direction: query.sortDirection },
  skip: query.skip,
  limit: query.limit,
});
