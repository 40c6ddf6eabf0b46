import { Font, FontCategory, FontSnapshot, TeamRole } from '@kiln/contracts';
import { FontState } from '@kiln/domain';
import type { Insertable, Selectable } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';

/** A row of `fonts` (`font_view` has the same columns plus `deleted_at`). */
export type FontRow = Selectable<WorkspaceDatabase['fonts']>;
type FontInsert = Insertable<WorkspaceDatabase['fonts']>;

const iso = (value: Date | string) => new Date(value).toISOString();

export function rowToState(row: FontRow): FontState {
  return {
    id: row.id,
    family: row.family,
    style: row.style,
    weight: row.weight,
    italic: row.italic,
    category: row.category as FontCategory,
    variants: [...row.variants],
    slug: row.slug,
    styleSlug: row.style_slug,
    hidden: row.hidden,
    authorId: row.author_id,
    teamId: row.team_id,
    projectId: row.project_id,
    mediaId: row.media_id,
    media: row.media as unknown as FontState['media'],
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    version: row.version,
  };
}

/** The row of a state; `media` stays an object (jsonb) and `variants` an array (text[]). */
export function stateToRow(state: FontState | FontSnapshot): FontInsert & { media: FontState['media'] } {
  return {
    id: state.id,
    family: state.family,
    style: state.style,
    weight: state.weight,
    italic: state.italic,
    category: state.category,
    variants: [...state.variants],
    slug: state.slug,
    style_slug: state.styleSlug,
    hidden: state.hidden,
    author_id: state.authorId,
    team_id: state.teamId,
    project_id: state.projectId,
    media_id: state.mediaId,
    media: { ...state.media },
    created_at: new Date(state.createdAt),
    updated_at: new Date(state.updatedAt),
    version: state.version,
  };
}

/** A font as the API answers it, seen by someone with `userRole` in its team (null in the personal scope). */
export function rowToFont(row: FontRow | ReturnType<typeof stateToRow>, userRole: TeamRole | null): Font {
  const media = row.media as unknown as Font['media'];
  return {
    id: row.id,
    family: row.family,
    style: row.style,
    weight: row.weight,
    italic: row.italic,
    category: row.category as FontCategory,
    variants: [...(row.variants as string[])],
    slug: row.slug,
    styleSlug: row.style_slug,
    hidden: row.hidden,
    authorId: row.author_id ?? null,
    teamId: row.team_id ?? null,
    projectId: row.project_id ?? null,
    mediaId: row.media_id,
    media: { id: media.id, name: media.name, mimetype: media.mimetype, size: media.size, origin: media.origin },
    createdAt: iso(row.created_at as Date | string),
    updatedAt: iso(row.updated_at as Date | string),
    version: row.version,
    userRole,
  };
}
