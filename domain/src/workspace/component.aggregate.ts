import { COMMON_MESSAGES, COMPONENT_MESSAGES, componentInUse } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { TeamAction, teamAllows, TeamRole } from './policy';

/** Who acts on a component: the caller, with their active role in the component's team (looked up by the service). */
export interface ComponentActor {
  userId: string;
  teamRole?: TeamRole | null;
}

export interface ComponentState {
  id: string;
  name: string;
  description: string;
  authorId: string;
  contributorId: string | null;
  teamId: string | null;
  projectId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic concurrency: bumped by every change. */
  version: number;
}

export type ComponentEvent =
  | DomainEvent<'workspace.component.created.v1', { component: ComponentState }>
  | DomainEvent<'workspace.component.renamed.v1', { component: ComponentState; previousName: string }>
  | DomainEvent<'workspace.component.description-changed.v1', { component: ComponentState }>
  | DomainEvent<'workspace.component.deleted.v1', { component: ComponentState }>;

/** The name of a component: required (spec 001 §8 'This field is required'), kept trimmed. */
export function componentNameProblems(name: string): string[] {
  return name.trim().length === 0 ? [COMMON_MESSAGES.required] : [];
}

function assertValidName(name: string): string {
  const problems = componentNameProblems(name);
  if (problems.length) throw new DomainError('invalid', problems[0], [{ path: 'name', message: problems[0] }]);
  return name.trim();
}

/**
 * A component (reusable model part, spec 001 §1) in a personal, team or project scope. Personal: only its
 * author sees and changes it. Team or project: the team's policy table says who reads and who changes it;
 * anyone else is told it does not exist (ADR 0051). Pure: ids and clocks come in as parameters.
 */
export class ComponentAggregate {
  private events: ComponentEvent[] = [];
  private deleted = false;
  readonly loadedVersion: number;

  private constructor(
    private state: ComponentState,
    isNew = false,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  static create(input: { id: string; name: string; authorId: string; teamId?: string | null; projectId?: string | null; now: Date }): ComponentAggregate {
    if (input.projectId && !input.teamId)
      throw new DomainError('invalid', COMPONENT_MESSAGES.projectNeedsTeam, [{ path: 'teamId', message: COMPONENT_MESSAGES.projectNeedsTeam }]);
    const component = new ComponentAggregate(
      {
        id: input.id,
        name: assertValidName(input.name),
        description: '',
        authorId: input.authorId,
        contributorId: input.authorId,
        teamId: input.teamId ?? null,
        projectId: input.projectId ?? null,
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    component.record('workspace.component.created.v1', { component: component.snapshot() });
    return component;
  }

  static restore(state: ComponentState): ComponentAggregate {
    return new ComponentAggregate({ ...state });
  }

  /** Whether the caller may do `action` to this component: its author in the personal scope, the team's policy otherwise. */
  allows(actor: ComponentActor, action: TeamAction): boolean {
    if (!this.state.teamId) return actor.userId === this.state.authorId;
    return teamAllows(actor.teamRole ?? null, action);
  }

  /** 404 for whoever may not even read it (a stranger must not learn it exists); 403 for a reader who may not `action`. */
  assertAllowed(actor: ComponentActor, action: TeamAction): void {
    if (!this.allows(actor, 'component.read')) throw new DomainError('not-found', COMPONENT_MESSAGES.notFound);
    if (!this.allows(actor, action)) throw new DomainError('forbidden', COMPONENT_MESSAGES.noChange);
  }

  rename(name: string, actor: ComponentActor, now: Date): void {
    this.assertAllowed(actor, 'component.change');
    const next = assertValidName(name);
    if (next === this.state.name) return;
    const previousName = this.state.name;
    this.touch({ name: next }, actor.userId, now);
    this.record('workspace.component.renamed.v1', { component: this.snapshot(), previousName });
  }

  describe(description: string, actor: ComponentActor, now: Date): void {
    this.assertAllowed(actor, 'component.change');
    if (description === this.state.description) return;
    this.touch({ description }, actor.userId, now);
    this.record('workspace.component.description-changed.v1', { component: this.snapshot() });
  }

  /** A component some model uses cannot be deleted (spec 001 §8): 409 with the spec's sentence. */
  delete(actor: ComponentActor, usedBy: number, now: Date): void {
    this.assertAllowed(actor, 'component.delete');
    if (usedBy > 0) throw new DomainError('conflict', componentInUse(usedBy));
    this.deleted = true;
    this.touch({}, actor.userId, now);
    this.record('workspace.component.deleted.v1', { component: this.snapshot() });
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  snapshot(): ComponentState {
    return { ...this.state };
  }

  pullEvents(): ComponentEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private touch(changes: Partial<ComponentState>, actorId: string, now: Date): void {
    this.state = { ...this.state, ...changes, contributorId: actorId, updatedAt: now, version: this.state.version + 1 };
  }

  private record<E extends ComponentEvent>(type: E['type'], data: E['data']): void {
    this.events.push({ type, aggregateType: 'component', aggregateId: this.state.id, data } as ComponentEvent);
  }
}
