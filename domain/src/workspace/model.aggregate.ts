import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { modelNameProblems } from './model-name';
import { ModelRole, modelMenuRules } from './model-permissions';

export type ShareAs = 'private' | 'viewer' | 'editor' | 'configurator' | 'inspector';

export interface ModelState {
  id: string;
  name: string;
  description: string;
  authorId: string;
  contributorId: string | null;
  teamId: string | null;
  projectId: string | null;
  productId: string | null;
  publishedAt: Date | null;
  sharedWithEveryone: ShareAs;
  hidden: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic concurrency: bumped by every change. */
  version: number;
}

export type ModelEvent =
  | DomainEvent<'workspace.model.created.v1', { model: ModelState }>
  | DomainEvent<'workspace.model.renamed.v1', { model: ModelState; previousName: string }>
  | DomainEvent<'workspace.model.description-changed.v1', { model: ModelState }>
  | DomainEvent<'workspace.model.deleted.v1', { model: ModelState }>;

function assertValidName(name: string): string {
  const problems = modelNameProblems(name);
  if (problems.length) throw new DomainError('invalid', problems[0], problems.map((message) => ({ path: 'name', message })));
  return name.trim();
}

/** A 3D model in someone's workspace. Pure: ids and clocks come in as parameters. */
export class ModelAggregate {
  private events: ModelEvent[] = [];
  private deleted = false;

  /** The version stored when loaded (0 for a new model): the repository's optimistic-concurrency check. */
  readonly loadedVersion: number;

  private constructor(private state: ModelState, isNew = false) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  static create(input: { id: string; name: string; authorId: string; teamId?: string | null; projectId?: string | null; now: Date }): ModelAggregate {
    if (input.projectId && !input.teamId) throw new DomainError('invalid', 'A project model needs its team.', [{ path: 'teamId', message: 'A project model needs its team.' }]);
    const model = new ModelAggregate({
      id: input.id,
      name: assertValidName(input.name),
      description: '',
      authorId: input.authorId,
      contributorId: input.authorId,
      teamId: input.teamId ?? null,
      projectId: input.projectId ?? null,
      productId: null,
      publishedAt: null,
      sharedWithEveryone: 'private',
      hidden: false,
      createdAt: input.now,
      updatedAt: input.now,
      version: 1,
    }, true);
    model.record('workspace.model.created.v1', { model: model.snapshot() });
    return model;
  }

  static restore(state: ModelState): ModelAggregate {
    return new ModelAggregate({ ...state });
  }

  /** The caller's role on this model. Teams and shares add roles in later issues. */
  roleOf(userId: string): ModelRole | null {
    return userId === this.state.authorId ? 'owner' : null;
  }

  /** Someone without any role must not learn the model exists: same answer as a missing model. */
  assertVisibleTo(userId: string): ModelRole {
    const role = this.roleOf(userId);
    if (!role) throw new DomainError('not-found', 'Model not found.');
    return role;
  }

  rename(name: string, actorId: string, now: Date): void {
    const role = this.assertVisibleTo(actorId);
    if (!modelMenuRules(role).rename) throw new DomainError('forbidden', 'You may not rename this model.');
    const next = assertValidName(name);
    if (next === this.state.name) return;
    const previousName = this.state.name;
    this.touch({ name: next }, actorId, now);
    this.record('workspace.model.renamed.v1', { model: this.snapshot(), previousName });
  }

  describe(description: string, actorId: string, now: Date): void {
    const role = this.assertVisibleTo(actorId);
    if (!modelMenuRules(role).rename) throw new DomainError('forbidden', 'You may not change this model.');
    if (description === this.state.description) return;
    this.touch({ description }, actorId, now);
    this.record('workspace.model.description-changed.v1', { model: this.snapshot() });
  }

  delete(actorId: string, now: Date): void {
    const role = this.assertVisibleTo(actorId);
    if (!modelMenuRules(role).delete) throw new DomainError('forbidden', 'Only the owner may delete this model.');
    this.deleted = true;
    this.touch({}, actorId, now);
    this.record('workspace.model.deleted.v1', { model: this.snapshot() });
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  snapshot(): ModelState {
    return { ...this.state };
  }

  /** The events recorded since the last call; the repository writes them to the outbox. */
  pullEvents(): ModelEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private touch(changes: Partial<ModelState>, actorId: string, now: Date): void {
    this.state = { ...this.state, ...changes, contributorId: actorId, updatedAt: now, version: this.state.version + 1 };
  }

  private record<E extends ModelEvent>(type: E['type'], data: E['data']): void {
    this.events.push({ type, aggregateType: 'model', aggregateId: this.state.id, data } as ModelEvent);
  }
}
