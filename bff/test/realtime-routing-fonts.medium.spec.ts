import { FontSnapshot } from '@kiln/contracts';
import { PushWorld } from './support/push-world';
import { anEvent, anId } from './support/realtime-events';

/**
 * The routing of `workspace-font` (spec 001 §4, ADR 0055), pure like realtime-routing.medium.spec.ts: events are
 * read from their JSON text as the feed reads the stream. A personal font reaches its author only, in version
 * order; a team's every member of the team, each with their own role; strangers nothing.
 */
const at = () => new Date().toISOString();

function aFont(overrides: Partial<FontSnapshot>): FontSnapshot {
  const mediaId = anId();
  return {
    id: anId(),
    family: 'Kiln Sans',
    style: 'Regular',
    weight: 400,
    italic: false,
    category: 'sans-serif',
    variants: ['regular'],
    slug: 'kiln-sans',
    styleSlug: 'regular',
    hidden: false,
    authorId: anId(),
    teamId: null,
    projectId: null,
    mediaId,
    media: { id: mediaId, name: 'kiln.otf', mimetype: 'font/otf', size: 1234, origin: 'upload' },
    createdAt: at(),
    updatedAt: at(),
    version: 1,
    ...overrides,
  };
}

type Type = 'workspace.font.created.v1' | 'workspace.font.hidden-changed.v1' | 'workspace.font.regrouped.v1' | 'workspace.font.deleted.v1';
const fontEvent = (type: Type, font: FontSnapshot) =>
  JSON.stringify(
    anEvent(type, 'font', font.id, type === 'workspace.font.regrouped.v1' ? { font, previousFamily: 'Before' } : { font }, font.authorId ?? anId()),
  );

describe('workspace-font', () => {
  it('reaches the author of a personal font, in order (a stale change dropped), and a stranger never', () => {
    const world = new PushWorld();
    const author = world.connect(anId());
    const stranger = world.connect(anId());
    const font = aFont({ authorId: author.userId });
    world.receive(fontEvent('workspace.font.created.v1', font));
    world.receive(fontEvent('workspace.font.hidden-changed.v1', { ...font, hidden: true, version: 2 }));
    world.receive(fontEvent('workspace.font.hidden-changed.v1', { ...font, hidden: false, version: 2 }));
    world.receive(fontEvent('workspace.font.regrouped.v1', { ...font, hidden: true, family: 'Other', slug: 'other', version: 3 }));
    world.receive(fontEvent('workspace.font.deleted.v1', { ...font, hidden: true, family: 'Other', slug: 'other', version: 4 }));
    expect(author.seen.map((m) => [m.channel, m.verb, m.data.slug, m.data.hidden, m.data.version, m.data.userRole])).toEqual([
      ['workspace-font', 'create', 'kiln-sans', false, 1, null],
      ['workspace-font', 'update', 'kiln-sans', true, 2, null],
      ['workspace-font', 'update', 'other', true, 3, null],
      ['workspace-font', 'delete', 'other', true, 4, null],
    ]);
    expect(stranger.seen).toEqual([]);
  });

  it("reaches every member of a team font's team once, with their own role, and nobody outside it", () => {
    const world = new PushWorld();
    const { team, owner, editor, viewer, stranger, editorId } = world.connectTeam();

    world.receive(fontEvent('workspace.font.created.v1', aFont({ authorId: editorId, teamId: team.team.id, projectId: anId() })));
    expect(owner.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-font', 'create', 'owner']]);
    expect(editor.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-font', 'create', 'editor']]);
    expect(viewer.seen.map((m) => [m.channel, m.verb, m.data.userRole])).toEqual([['workspace-font', 'create', 'viewer']]);
    expect(stranger.seen).toEqual([]);
  });
});
