import {
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_MESSAGES,
  ENVIRONMENT_MAP_MESSAGES,
  DEFAULT_PREVIEW_GEOMETRY,
  PreviewGeometry,
} from '@kiln/contracts/constants';
import { DomainEvent } from '../shared/domain-event';
import { assertMayCreateCommunityItem, cleanCommunityName, cleanTags, CommunityActor, CommunityFiles, invalid, keepFiles } from './community-item';
import { CommunityItemAggregate } from './community-item.aggregate';

export interface EnvironmentMapState {
  id: string;
  name: string;
  description: string;
  tags: string[];
  public: boolean;
  publishedAt: Date | null;
  envMapId: string;
  previewId: string | null;
  previewGeometry: PreviewGeometry;
  authorId: string;
  teamId: string | null;
  projectId: string | null;
  files: CommunityFiles;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export type EnvironmentMapEvent =
  | DomainEvent<'workspace.environment-map.created.v1', { environmentMap: EnvironmentMapState }>
  | DomainEvent<'workspace.environment-map.updated.v1', { environmentMap: EnvironmentMapState }>
  | DomainEvent<'workspace.environment-map.rejected.v1', { environmentMap: EnvironmentMapState; moderatorId: string; reason: string | null }>
  | DomainEvent<'workspace.environment-map.deleted.v1', { environmentMap: EnvironmentMapState }>;

export interface EnvironmentMapFields {
  name?: string;
  description?: string;
  tags?: string[];
  public?: boolean;
  envMapId?: string;
  previewId?: string | null;
  previewGeometry?: PreviewGeometry;
}

/** The uploads a scene uses (its .exr and preview), each checked by the service to be the caller's own. */
export function environmentMapMediaIds(state: Pick<EnvironmentMapState, 'envMapId' | 'previewId'>): string[] {
  return [state.envMapId, ...(state.previewId ? [state.previewId] : [])];
}

function cleanDescription(description: string): string {
  const clean = description.trim();
  if (clean.length > COMMUNITY_DESCRIPTION_MAX_LENGTH) throw invalid('description', COMMUNITY_MESSAGES.descriptionTooLong);
  return clean;
}

/**
 * A scene (spec 001 §3: an environment map, from an .exr, with a preview), in the personal, team or
 * project scope; public ones follow the same 24-hour window as textures (ADR 0061). Pure.
 */
export class EnvironmentMapAggregate extends CommunityItemAggregate<EnvironmentMapState, EnvironmentMapEvent> {
  private constructor(state: EnvironmentMapState, isNew = false) {
    super('environment-map', state, isNew);
  }

  static create(input: {
    id: string;
    actor: CommunityActor;
    teamId?: string | null;
    projectId?: string | null;
    fields: EnvironmentMapFields;
    files?: CommunityFiles;
    now: Date;
  }): EnvironmentMapAggregate {
    assertMayCreateCommunityItem(input.actor, input);
    const f = input.fields;
    const name = cleanCommunityName('environment-map', f.name ?? '');
    if (!f.envMapId) throw invalid('envMapId', ENVIRONMENT_MAP_MESSAGES.envMapRequired);
    const map = new EnvironmentMapAggregate(
      {
        id: input.id,
        name,
        description: cleanDescription(f.description ?? ''),
        tags: cleanTags(f.tags ?? []),
        public: f.public ?? false,
        publishedAt: f.public ? input.now : null,
        envMapId: f.envMapId,
        previewId: f.previewId ?? null,
        previewGeometry: f.previewGeometry ?? DEFAULT_PREVIEW_GEOMETRY,
        authorId: input.actor.userId,
        teamId: input.teamId ?? null,
        projectId: input.projectId ?? null,
        files: keepFiles([f.envMapId, ...(f.previewId ? [f.previewId] : [])], input.files ?? {}),
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    map.record('created');
    return map;
  }

  static restore(state: EnvironmentMapState): EnvironmentMapAggregate {
    return new EnvironmentMapAggregate(cloneEnvironmentMap(state));
  }

  update(fields: EnvironmentMapFields, actor: CommunityActor, now: Date, files: CommunityFiles = {}): void {
    this.assertEditable(actor, now);
    const changes: Partial<EnvironmentMapState> = {};
    if (fields.name !== undefined) changes.name = cleanCommunityName('environment-map', fields.name);
    if (fields.description !== undefined) changes.description = cleanDescription(fields.description);
    if (fields.tags !== undefined) changes.tags = cleanTags(fields.tags);
    if (fields.envMapId !== undefined) changes.envMapId = fields.envMapId;
    if (fields.previewId !== undefined) changes.previewId = fields.previewId;
    if (fields.previewGeometry !== undefined) changes.previewGeometry = fields.previewGeometry;
    this.applyUpdate(changes, fields.public, now, files);
  }

  protected clone(state: EnvironmentMapState): EnvironmentMapState {
    return cloneEnvironmentMap(state);
  }

  protected mediaIds(state: EnvironmentMapState): string[] {
    return environmentMapMediaIds(state);
  }
}

function cloneEnvironmentMap(state: EnvironmentMapState): EnvironmentMapState {
  return { ...state, files: { ...state.files }, tags: [...state.tags] };
}
