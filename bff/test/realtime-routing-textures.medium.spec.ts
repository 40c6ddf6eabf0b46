import { EnvironmentMapSnapshot, TextureAssociationSnapshot, TextureSnapshot } from '@kiln/contracts';
import { PushWorld } from './support/push-world';
import { anEvent, anId } from './support/realtime-events';

/**
 * The routing of `workspace-texture`, `workspace-texture-association` and `workspace-environment-map` (spec 001 §4,
 * ADR 0061), pure like realtime-routing.medium.spec.ts: a texture reaches its scope (its author, or its team's
 * members with their role rooms); a community texture's change also the libraries that added it (the event names
 * them), each socket once; strangers nothing.
 */
const at = () => new Date().toISOString();

function aTexture(overrides: Partial<TextureSnapshot>): TextureSnapshot {
  return {
    id: anId(),
    name: 'Oak planks',
    authorId: anId(),
    teamId: null,
    projectId: null,
    public: true,
    publishedAt: at(),
    tags: ['wood'],
    previewId: null,
    offset: { x: 0, y: 0 },
    repeat: { x: 1, y: 1 },
    center: { x: 0, y: 0 },
    rotation: 0,
    width: 1,
    height: 1,
    diffuseMap: null,
    displacementMap: null,
    normalMap: null,
    roughnessMap: null,
    aoMap: null,
    metallicMap: null,
    files: {},
    createdAt: at(),
    updatedAt: at(),
    version: 1,
    ...overrides,
  };
}

describe('workspace-texture, -texture-association, -environment-map', () => {
  it('a community texture reaches its author, and its changes the libraries that added it (once each); a stranger nothing', () => {
    const world = new PushWorld();
    const { team, owner, viewer, stranger } = world.connectTeam();
    const author = world.connect(anId());
    const collector = world.connect(anId());
    const texture = aTexture({ authorId: author.userId });
    world.receive(JSON.stringify(anEvent('workspace.texture.created.v1', 'texture', texture.id, { texture }, author.userId)));
    const holders = { userIds: [collector.userId, author.userId], teamIds: [team.team.id] };
    world.receive(
      JSON.stringify(
        anEvent('workspace.texture.updated.v1', 'texture', texture.id, { texture: { ...texture, name: 'Oak dark', version: 2 }, holders }, author.userId),
      ),
    );
    const moderatorId = anId();
    const rejected = { ...texture, public: false, publishedAt: null, version: 3 };
    world.receive(
      JSON.stringify(anEvent('workspace.texture.rejected.v1', 'texture', texture.id, { texture: rejected, moderatorId, reason: null, holders }, moderatorId)),
    );
    expect(author.seen.map((m) => [m.channel, m.verb, m.data.version])).toEqual([
      ['workspace-texture', 'create', 1],
      ['workspace-texture', 'update', 2],
      ['workspace-texture', 'update', 3],
    ]);
    for (const holder of [collector, owner, viewer])
      expect(holder.seen.map((m) => [m.channel, m.verb, m.data.version])).toEqual([
        ['workspace-texture', 'update', 2],
        ['workspace-texture', 'update', 3],
      ]);
    expect(stranger.seen).toEqual([]);
  });

  it('an association reaches its library; a team scene its team; a personal scene its author only', () => {
    const world = new PushWorld();
    const { team, owner, editor, stranger, editorId } = world.connectTeam();
    const association: TextureAssociationSnapshot = {
      id: anId(),
      textureId: anId(),
      userId: editorId,
      teamId: team.team.id,
      projectId: null,
      createdAt: at(),
      version: 1,
    };
    world.receive(JSON.stringify(anEvent('workspace.texture-association.created.v1', 'texture-association', association.id, { association }, editorId)));
    world.receive(
      JSON.stringify(
        anEvent('workspace.texture-association.deleted.v1', 'texture-association', association.id, { association: { ...association, version: 2 } }, editorId),
      ),
    );
    expect(owner.seen.map((m) => [m.channel, m.verb])).toEqual([
      ['workspace-texture-association', 'create'],
      ['workspace-texture-association', 'delete'],
    ]);
    const scene: EnvironmentMapSnapshot = {
      id: anId(),
      name: 'Studio',
      description: '',
      tags: [],
      public: false,
      publishedAt: null,
      envMapId: anId(),
      previewId: null,
      previewGeometry: 'sphere',
      authorId: editorId,
      teamId: team.team.id,
      projectId: null,
      files: {},
      createdAt: at(),
      updatedAt: at(),
      version: 1,
    };
    world.receive(JSON.stringify(anEvent('workspace.environment-map.created.v1', 'environment-map', scene.id, { environmentMap: scene }, editorId)));
    expect(editor.seen.map((m) => m.channel)).toContain('workspace-environment-map');
    const mine = world.connect(anId());
    world.receive(
      JSON.stringify(
        anEvent(
          'workspace.environment-map.created.v1',
          'environment-map',
          anId(),
          { environmentMap: { ...scene, id: anId(), authorId: mine.userId, teamId: null } },
          mine.userId,
        ),
      ),
    );
    expect(mine.seen.map((m) => [m.channel, m.verb])).toEqual([['workspace-environment-map', 'create']]);
    expect(stranger.seen).toEqual([]);
  });
});
