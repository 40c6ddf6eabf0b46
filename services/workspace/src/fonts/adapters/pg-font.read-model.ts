import { Inject, Injectable } from '@nestjs/common';
import { FONT_MESSAGES, Font, FontCategory, FontFamily, FontFamilyList, FontScope, ListFontsQuery, TeamRole } from '@kiln/contracts';
import { DomainError, fontReadable, FontState, groupFontFamilies, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { ExpressionBuilder, Kysely, sql } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { activeTeamRole, teamOfLiveProject } from '../../teams/adapters/team-scope.views';
import { FontRow, rowToFont, stateToRow } from './font-row.mapper';

type FontViewBuilder = ExpressionBuilder<WorkspaceDatabase & { f: WorkspaceDatabase['font_view'] }, 'f'>;

/** Reads of the font read model (`font_view` with the team views). Never the write tables. */
@Injectable()
export class PgFontReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /**
   * The scope of a list or a family: personal (no team), or a team (or one of its projects) the caller is
   * an active member of; anyone else is refused (403, as the team's other lists).
   */
  private async scope(actorId: string, where: FontScope | undefined): Promise<{ teamId: string | null; projectId: string | null; role: TeamRole | null }> {
    const projectId = where?.projectId ?? null;
    const teamId = where?.teamId ?? (projectId ? await teamOfLiveProject(this.db, projectId) : null);
    if (projectId && !teamId) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    const role = teamId ? await activeTeamRole(this.db, teamId, actorId) : null;
    if (teamId && !teamAllows(role, 'font.read')) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    return { teamId, projectId, role };
  }

  /**
   * The live fonts of a scope: personal, the caller's own outside any team; a team, its own (not its
   * projects'); a project, that project's. System fonts (no author) belong to every scope. A hidden font is
   * shown to its author alone (who may show it again; ADR 0055).
   */
  private scoped(actorId: string, teamId: string | null, projectId: string | null) {
    return this.db
      .withSchema(SCHEMA)
      .selectFrom('font_view as f')
      .where('f.deleted_at', 'is', null)
      .where((eb: FontViewBuilder) => {
        const mine = teamId
          ? eb.and([eb('f.team_id', '=', teamId), projectId ? eb('f.project_id', '=', projectId) : eb('f.project_id', 'is', null)])
          : eb.and([eb('f.author_id', '=', actorId), eb('f.team_id', 'is', null)]);
        return eb.or([mine, eb('f.author_id', 'is', null)]);
      })
      .where((eb: FontViewBuilder) => eb.or([eb('f.hidden', '=', false), eb('f.author_id', '=', actorId)]));
  }

  /** One page of families (by name) and how many there are; each with all its styles. */
  async list(actorId: string, query: ListFontsQuery): Promise<FontFamilyList> {
    const where = query.where ?? {};
    const { teamId, projectId, role } = await this.scope(actorId, where);
    let rows = this.scoped(actorId, teamId, projectId);
    const contains = where.family?.contains.trim();
    if (contains) rows = rows.where('f.family', 'ilike', `%${contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (where.origin) rows = rows.where(sql<string>`f.media ->> 'origin'`, '=', where.origin);
    const [page, total] = await Promise.all([
      rows
        .select(['f.slug', sql<string>`min(f.family)`.as('family')])
        .groupBy('f.slug')
        .orderBy(sql`lower(min(f.family))`)
        .orderBy('f.slug')
        .offset(query.skip)
        .limit(query.limit)
        .execute(),
      rows.select(sql<string>`count(DISTINCT f.slug)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const slugs = page.map((p) => p.slug);
    const fonts = slugs.length ? ((await rows.selectAll('f').where('f.slug', 'in', slugs).execute()) as FontRow[]) : [];
    const families = new Map(this.families(fonts, role).map((family) => [family.slug, family]));
    return { data: slugs.flatMap((slug) => families.get(slug) ?? []), total: Number(total.n) };
  }

  /** The family of a slug in a scope, with its styles; 404 when the scope has none. */
  async family(actorId: string, slug: string, where: FontScope | undefined): Promise<FontFamily> {
    const { teamId, projectId, role } = await this.scope(actorId, where);
    const fonts = (await this.scoped(actorId, teamId, projectId).selectAll('f').where('f.slug', '=', slug).execute()) as FontRow[];
    const [family] = this.families(fonts, role);
    if (!family) throw new DomainError('not-found', FONT_MESSAGES.familyNotFound);
    return family;
  }

  /** One font the caller may see (its file route asks); 404 otherwise, and for a hidden font of someone else's. */
  async font(actorId: string, id: string): Promise<Font> {
    const row = (await this.db
      .withSchema(SCHEMA)
      .selectFrom('font_view')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()) as FontRow | undefined;
    const role = row?.team_id ? await activeTeamRole(this.db, row.team_id, actorId) : null;
    if (
      !row ||
      !fontReadable({ authorId: row.author_id, teamId: row.team_id }, { userId: actorId, teamRole: role }) ||
      (row.hidden && row.author_id !== actorId)
    )
      throw new DomainError('not-found', FONT_MESSAGES.notFound);
    return rowToFont(row, role);
  }

  /** Which of `mediaIds` are the files of live fonts the caller may see (by `font`'s rule, font by font). */
  async readableMediaIds(actorId: string, mediaIds: string[]): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    const rows = await this.db
      .withSchema(SCHEMA)
      .selectFrom('font_view')
      .select(['id', 'media_id'])
      .where('media_id', 'in', mediaIds)
      .where('deleted_at', 'is', null)
      .execute();
    const readable = await Promise.all(
      rows.map((row) =>
        this.font(actorId, row.id).then(
          () => row.media_id,
          () => null,
        ),
      ),
    );
    return readable.filter((id): id is string => id !== null);
  }

  /** The font as a command committed it, seen by `actorId` (answers of commands). */
  async present(actorId: string, state: FontState): Promise<Font> {
    const role = state.teamId ? await activeTeamRole(this.db, state.teamId, actorId) : null;
    return rowToFont(stateToRow(state), role);
  }

  private families(rows: FontRow[], role: TeamRole | null): FontFamily[] {
    return groupFontFamilies(rows.map((row) => rowToFont(row, role))).map((group) => ({
      family: group.family,
      slug: group.slug,
      category: mostCommon(group.children.map((c) => c.category)),
      hidden: group.children.every((c) => c.hidden),
      updatedAt: group.children.reduce((latest, c) => (c.updatedAt > latest ? c.updatedAt : latest), group.children[0].updatedAt),
      children: group.children,
    }));
  }
}

function mostCommon(categories: FontCategory[]): FontCategory {
  const counts = new Map<FontCategory, number>();
  for (const c of categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}
