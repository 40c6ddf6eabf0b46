import { ComponentSnapshot } from '@kiln/contracts';
import { PushWorld } from './support/push-world';
import { anEvent, anId } from './support/realtime-events';

/**
 * The routing of `workspace-component` (spec 001 §4, ADR 0051), pure like realtime-routing.medium.spec.ts:
 * events are read from their JSON text as the feed reads the stream. A personal component reaches its
 * author only; a team's every member of the team, each with their own role; strangers nothing.
 */
class World extends PushWorld {
  team(event: object): void {
    this.receive(JSON.stringify(event));
  }
}

const at = () => new Date().toISOString();

function aComponent(overrides: Partial<ComponentSnapshot> & { authorId: string }): ComponentSnapshot {
  return {
    id: anId(),
    name: 'Hinge',
    description: '',
    contributorId: overrides.authorId,
    teamId: null,
    projectId: null,
    createdAt: at(),
    updatedAt: at(),
    version: 1,
    ...overrides,
  };
}

type Type = 'workspace.component.created.v1' | 'workspace.component.renamed.v1' | 'workspace.component.deleted.v1';
const componentEvent = (type: Type, component: ComponentSnapshot) =>
  JSON.stringify(
    anEvent(
      type,
      'component',
      component.id,
      type === 'workspace.component.renamed.v1' ? { component, previousName: 'Before' } : { component },
      component.authorId,
    ),
  );

describe('workspace-component', () => {
  it('reaches the author of a personal component with verb and state, in order, and a stranger never', () => {
    const world = new World();
    const author = world.connect(anId());
    const stranger = world.connect(anId());
    const component = aComponent({ authorId: author.userId });
    world.receive(componentEvent('workspace.component.created.v1', component));
    world.receive(componentEvent('workspace.component.renamed.v1', { ...component, name: 'Hinge v2', version: 2 }));
    world.receive(componentEvent('workspace.component.renamed.v1', { ...component, name: 'Older', version: 2 }));
    world.receive(componentEvent('workspace.component.deleted.v1', { ...component, name: 'Hinge v2', version: 3 }));
    expect(author.seen.map((m) => [m.channel, m.verb, m.data.name, m.data.version, m.data.userRole])).toEqual([
      ['workspace-component', 'create', 'Hinge', 1, null],
      ['workspace-component', 'update', 'Hinge v2', 2, null],
      ['workspace-component', 'delete', 'Hinge v2', 3, null],
    ]);
    expect(stranger.seen).toEqual([]);
  });

  it("reaches every member of a team component's team once, with their own role, and nobody outside it", () => {
    const world = new World();
    const { team, owner, editor, viewer, stranger, editorId } = world.connectTeam();

    world.receive(componentEvent('workspace.component.created.v1', aComponent({ authorId: editorId, teamId: team.team.id })));
    expect(owner.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-component', 'create', 'owner']]);
    expect(editor.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-component', 'create', 'editor']]);
    expect(viewer.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-component', 'create', 'viewer']]);
    expect(stranger.seen).toEqual([]);
  });
});
