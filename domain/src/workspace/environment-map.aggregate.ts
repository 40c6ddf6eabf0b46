import {
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_MESSAGES,
  ENVIRONMENT_MAP_MESSAGES,
  DEFAULT_PREVIEW_GEOMETRY,
  PreviewGeometry,
} from '@kiln/contracts/constants';
import { DomainEvent } from '../shared/domain-event';
import {
  assertCommunityItemEditable,
  assertCommunityItemRejectable,
  assertMayCreateCommunityItem,
  cleanCommunityName,
  cleanTags,
  CommunityActor,
  CommunityFiles,
  keepFiles,
  communityItemReadable,
  invalid,
} from './community-item';

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
export class EnvironmentMapAggregate {
  private events: EnvironmentMapEvent[] = [];
  private deleted = false;
  readonly loadedVersion: number;

  private constructor(
    private state: EnvironmentMapState,
    isNew = false,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
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
    map.record('workspace.environment-map.created.v1', { environmentMap: map.snapshot() });
    return map;
  }

  static restore(state: EnvironmentMapState): EnvironmentMapAggregate {
    return new EnvironmentMapAggregate({ ...state, files: { ...state.files }, tags: [...state.tags] });
  }

  readable(actor: CommunityActor): boolean {
    return communityItemReadable(this.state, actor);
  }

  update(fields: EnvironmentMapFields, actor: CommunityActor, now: Date, files: CommunityFiles = {}): void {
    assertCommunityItemEditable('environment-map', this.state, actor, now);
    const changes: Partial<EnvironmentMapState> = {};
    if (fields.name !== undefined) changes.name = cleanCommunityName('environment-map', fields.name);
    if (fields.description !== undefined) changes.description = cleanDescription(fields.description);
    if (fields.tags !== undefined) changes.tags = cleanTags(fields.tags);
    if (fields.envMapId !== undefined) changes.envMapId = fields.envMapId;
    if (fields.previewId !== undefined) changes.previewId = fields.previewId;
    if (fields.previewGeometry !== undefined) changes.previewGeometry = fields.previewGeometry;
    if (fields.public !== undefined && fields.public !== this.state.public) {
      changes.public = fields.public;
      changes.publishedAt = fields.public ? now : null;
    }
    const next = { ...this.state, ...changes };
    changes.files = next.files = keepFiles(environmentMapMediaIds(next), files, this.state.files);
    if (JSON.stringify(comparable(next)) === JSON.stringify(comparable(this.state))) return;
    this.touch(changes, now);
    this.record('workspace.environment-map.updated.v1', { environmentMap: this.snapshot() });
  }

  reject(actor: CommunityActor, reason: string | null, now: Date): void {
    assertCommunityItemRejectable('environment-map', this.state, actor, now);
    this.touch({ public: false, publishedAt: null }, now);
    this.record('workspace.environment-map.rejected.v1', { environmentMap: this.snapshot(), moderatorId: actor.userId, reason: reason?.trim() || null });
  }

  delete(actor: CommunityActor, now: Date): void {
    assertCommunityItemEditable('environment-map', this.state, actor, now);
    this.deleted = true;
    this.touch({}, now);
    this.record('workspace.environment-map.deleted.v1', { environmentMap: this.snapshot() });
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  snapshot(): EnvironmentMapState {
    return { ...this.state, files: { ...this.state.files }, tags: [...this.state.tags] };
  }

  pullEvents(): EnvironmentMapEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private touch(changes: Partial<EnvironmentMapState>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now, version: this.state.version + 1 };
  }

  private record<E extends EnvironmentMapEvent>(type: E['type'], data: E['data']): void {
    this.events.push({ type, aggregateType: 'environment-map', aggregateId: this.state.id, data } as EnvironmentMapEvent);
  }
}

function comparable(state: EnvironmentMapState): unknown {
  const { updatedAt: _u, version: _v, ...rest } = state;
  return rest;
}
