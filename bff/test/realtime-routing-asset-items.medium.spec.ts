import { AssetItemKind, AssetItemSnapshot } from '@kiln/contracts';
import { PushWorld } from './support/push-world';
import { anEvent, anId } from './support/realtime-events';

/**
 * The routing of `workspace-image`, `workspace-resource-svg` and `workspace-object-3-d` (spec 001 §4, ADR 0052),
 * pure like realtime-routing.medium.spec.ts: events are read from their JSON text as the feed reads the
 * stream. Each item goes on its kind's channel; a personal item reaches its author only; a team's every
 * member of the team, each with their own role; strangers nothing.
 */
const at = () => new Date().toISOString();

function anItem(overrides: Partial<AssetItemSnapshot> & { authorId: string }): AssetItemSnapshot {
  return {
    id: anId(),
    kind: 'image',
    name: 'Chair.png',
    mediaId: anId(),
    media: { name: 'Chair.png', mimetype: 'image/png', size: 1234 },
    teamId: null,
    projectId: null,
    preview: { status: 'pending', thumbnail: false, view: false, svg: false },
    createdAt: at(),
    updatedAt: at(),
    version: 1,
    ...overrides,
  };
}

type Type =
  'workspace.asset-item.created.v1' | 'workspace.asset-item.renamed.v1' | 'workspace.asset-item.preview-changed.v1' | 'workspace.asset-item.deleted.v1';
const itemEvent = (type: Type, item: AssetItemSnapshot) =>
  JSON.stringify(
    anEvent(type, 'asset-item', item.id, type === 'workspace.asset-item.renamed.v1' ? { item, previousName: 'Before.png' } : { item }, item.authorId),
  );

describe('workspace-image, workspace-resource-svg, workspace-object-3-d', () => {
  it('reaches the author of a personal item on its kind’s channel, in order, and a stranger never', () => {
    const world = new PushWorld();
    const author = world.connect(anId());
    const stranger = world.connect(anId());
    const item = anItem({ authorId: author.userId });
    world.receive(itemEvent('workspace.asset-item.created.v1', item));
    world.receive(itemEvent('workspace.asset-item.renamed.v1', { ...item, name: 'Table.png', version: 2 }));
    world.receive(itemEvent('workspace.asset-item.renamed.v1', { ...item, name: 'Older.png', version: 2 }));
    const ready = { status: 'ready' as const, thumbnail: true, view: false, svg: false };
    world.receive(itemEvent('workspace.asset-item.preview-changed.v1', { ...item, name: 'Table.png', preview: ready, version: 3 }));
    world.receive(itemEvent('workspace.asset-item.deleted.v1', { ...item, name: 'Table.png', preview: ready, version: 4 }));
    expect(author.seen.map((m) => [m.channel, m.verb, m.data.name, m.data.version, m.data.userRole])).toEqual([
      ['workspace-image', 'create', 'Chair.png', 1, null],
      ['workspace-image', 'update', 'Table.png', 2, null],
      ['workspace-image', 'update', 'Table.png', 3, null],
      ['workspace-image', 'delete', 'Table.png', 4, null],
    ]);
    expect(stranger.seen).toEqual([]);
  });

  it.each([
    ['image', 'workspace-image'],
    ['vector', 'workspace-resource-svg'],
    ['object3d', 'workspace-object-3-d'],
  ] as [AssetItemKind, string][])('puts a %s on %s', (kind, channel) => {
    const world = new PushWorld();
    const author = world.connect(anId());
    world.receive(itemEvent('workspace.asset-item.created.v1', anItem({ authorId: author.userId, kind })));
    expect(author.seen.map((m) => [m.channel, m.data.kind])).toEqual([[channel, kind]]);
  });

  it("reaches every member of a team item's team once, with their own role, and nobody outside it", () => {
    const world = new PushWorld();
    const { team, owner, editor, viewer, stranger, editorId } = world.connectTeam();

    world.receive(itemEvent('workspace.asset-item.created.v1', anItem({ authorId: editorId, kind: 'object3d', teamId: team.team.id, projectId: anId() })));
    expect(owner.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-object-3-d', 'create', 'owner']]);
    expect(editor.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-object-3-d', 'create', 'editor']]);
    expect(viewer.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-object-3-d', 'create', 'viewer']]);
    expect(stranger.seen).toEqual([]);
  });
});
