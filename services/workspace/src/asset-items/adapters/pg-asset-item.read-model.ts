import { Inject, Injectable } from '@nestjs/common';
import { ASSET_ITEM_MESSAGES, AssetItem, AssetItemKind, AssetItemList, ListAssetItemsQuery } from '@kiln/contracts';
import { AssetItemAggregate, AssetItemState, DomainError, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { activeTeamRole, teamOfLiveProject } from '../../teams/adapters/team-scope.views';
import { AssetItemRow, rowToAssetItem, rowToState, stateToRow } from './asset-item-row.mapper';

const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name' } as const;

/** Reads of the items' read model (`asset_item_view` with the team views). Never the write tables. */
@Injectable()
export class PgAssetItemReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /**
   * One page of one kind and the total. Personal scope: the caller's own items outside any team. Team scope
   * (a `teamId`, or a `projectId` whose team is found): the team's own items (or the project's), for any
   * active member; anyone else is refused (403, as the team's other lists).
   */
  async list(actorId: string, kind: AssetItemKind, query: ListAssetItemsQuery): Promise<AssetItemList> {
    const where = query.where ?? {};
    const teamId = where.teamId ?? (where.projectId ? await teamOfLiveProject(this.db, where.projectId) : null);
    if (where.projectId && !teamId) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    const role = teamId ? await activeTeamRole(this.db, teamId, actorId) : null;
    if (teamId && !teamAllows(role, 'assetItem.read')) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);

    let rows = this.db.withSchema(SCHEMA).selectFrom('asset_item_view as a').where('a.deleted_at', 'is', null).where('a.kind', '=', kind);
    if (teamId) {
      rows = rows.where('a.team_id', '=', teamId);
      if (where.projectId) rows = rows.where('a.project_id', '=', where.projectId);
      // The team's page lists the team's own items; its projects' are on the project pages (as components, ADR 0051).
      else rows = rows.where('a.project_id', 'is', null);
    } else {
      rows = rows.where('a.author_id', '=', actorId).where('a.team_id', 'is', null);
    }
    const contains = where.name?.contains.trim();
    if (contains) rows = rows.where('a.name', 'ilike', `%${contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

    const sort = query.sort ?? { field: 'updatedAt', direction: 'desc' as const };
    const column = SORT_COLUMN[sort.field];
    const key = column === 'name' ? sql`lower(a.name)` : sql.ref(`a.${column}`);
    const [page, total] = await Promise.all([
      rows.selectAll('a').orderBy(key, sort.direction).orderBy('a.id', sort.direction).offset(query.skip).limit(query.limit).execute(),
      rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: page.map((row) => rowToAssetItem(row as AssetItemRow, role)), total: Number(total.n) };
  }

  /** One live item of `kind` the caller may read; 404 (the kind's sentence) for anyone else, so a stranger learns nothing. */
  async get(actorId: string, kind: AssetItemKind, id: string): Promise<AssetItem> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('asset_item_view')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new DomainError('not-found', ASSET_ITEM_MESSAGES.notFound[kind]);
    const item = row as AssetItemRow;
    const role = item.team_id ? await activeTeamRole(this.db, item.team_id, actorId) : null;
    AssetItemAggregate.restore(rowToState(item)).assertAllowed({ userId: actorId, teamRole: role }, 'assetItem.read');
    return rowToAssetItem(item, role);
  }

  /** Which of `mediaIds` are the files of live items the caller may read (by `get`'s rule, item by item). */
  async readableMediaIds(actorId: string, mediaIds: string[]): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('asset_item_view')
      .select(['id', 'kind', 'media_id'])
      .where('media_id', 'in', mediaIds)
      .where('deleted_at', 'is', null)
      .execute();
    const readable = await Promise.all(
      rows.map((row) =>
        this.get(actorId, row.kind as AssetItemKind, row.id).then(
          () => row.media_id,
          () => null,
        ),
      ),
    );
    return readable.filter((id): id is string => id !== null);
  }

  /** The item as a command committed it, seen by `actorId` (answers of commands). */
  async present(actorId: string, state: AssetItemState): Promise<AssetItem> {
    const row = stateToRow(state);
    return rowToAssetItem(row, row.team_id ? await activeTeamRole(this.db, row.team_id, actorId) : null);
  }
}
