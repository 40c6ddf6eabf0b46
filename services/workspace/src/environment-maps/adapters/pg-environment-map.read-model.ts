import { Injectable } from '@nestjs/common';
import { EnvironmentMap, EnvironmentMapList, ENVIRONMENT_MAP_MESSAGES, ListEnvironmentMapsQuery } from '@kiln/contracts';
import { EnvironmentMapState } from '@kiln/domain';
import { PgCommunityItemReadModel } from '../../community-items/adapters/pg-community-item.read-model';
import { rowToState, stateToEnvironmentMap } from './environment-map-row.mapper';

const sceneKind = { view: 'environment_map_view', rowToState, toAnswer: stateToEnvironmentMap, notFound: ENVIRONMENT_MAP_MESSAGES.notFound } as const;

/**
 * Reads of the scenes' read model (`environment_map_view`, with `user_view` and the team views): all but the
 * list's filters are the community items' (PgCommunityItemReadModel), as textures read them.
 */
@Injectable()
export class PgEnvironmentMapReadModel extends PgCommunityItemReadModel<EnvironmentMapState, EnvironmentMap> {
  protected readonly kind = sceneKind;

  /**
   * `where.public: true`: the community scenes (everyone's public ones). Otherwise a scope's own scenes
   * (personal: the caller's outside any team; a team's or project's: any active member, 403 for others),
   * `where.public: false` only its private ones. Name contains, tags any of, sort, 20 a page.
   */
  async list(actorId: string, query: ListEnvironmentMapsQuery): Promise<EnvironmentMapList> {
    const where = query.where ?? {};
    const page = {
      term: where.name?.contains,
      tags: where.tags?.in ?? [],
      sort: query.sort ?? { field: 'updatedAt' as const, direction: 'desc' as const },
      skip: query.skip,
      limit: query.limit,
    };
    if (where.public === true) return this.page(this.items().where('i.public', '=', true), page, { userId: actorId, teamRole: null });
    const { rows, actor } = await this.scopeItems(actorId, { teamId: where.teamId ?? undefined, projectId: where.projectId ?? undefined });
    return this.page(where.public === false ? rows.where('i.public', '=', false) : rows, page, actor);
  }
}
