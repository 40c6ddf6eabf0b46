import { AssetItemAggregate, assetItemNameProblems, assetNameParts, renamedAssetItem } from './asset-item.aggregate';
import { DomainError } from '../shared/domain-error';
import { teamAllows } from './policy';

const now = new Date('2026-11-26T00:00:00Z');
const later = new Date('2026-11-26T01:00:00Z');
const author = 'a'.repeat(24);
const other = 'b'.repeat(24);
const team = 'c'.repeat(24);
const project = 'd'.repeat(24);
const pending = { status: 'pending' as const, thumbnail: false, view: false, svg: false };
const ready = { status: 'ready' as const, thumbnail: true, view: false, svg: false, width: 40, height: 20 };
const media = { id: 'e'.repeat(24), type: 'image', name: 'Chair photo.png', mimetype: 'application/octet-stream', size: 1234, preview: pending };

const kindOf = (run: () => void): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? `${error.kind}: ${error.message}` : String(error);
  }
  return undefined;
};

const newItem = (scope: { teamId?: string; projectId?: string } = {}) => {
  const item = AssetItemAggregate.create({ id: '1'.repeat(24), kind: 'image', media, actor: { userId: author, teamRole: 'owner' }, ...scope, now });
  item.pullEvents();
  return item;
};

describe('the rename rule of images, vector graphics and 3D objects (spec 001 §5)', () => {
  it('splits a name at its last dot; a leading dot is no extension', () => {
    expect(assetNameParts('chair.v2.stl')).toEqual({ base: 'chair.v2', extension: '.stl' });
    expect(assetNameParts('README')).toEqual({ base: 'README', extension: '' });
    expect(assetNameParts('.env')).toEqual({ base: '.env', extension: '' });
  });

  it('requires the name without extension, trims it and keeps the extension', () => {
    expect(assetItemNameProblems('   ')).toEqual(['This field is required']);
    expect(assetItemNameProblems(' x ')).toEqual([]);
    expect(renamedAssetItem('Chair photo.png', '  Table  ')).toBe('Table.png');
    expect(renamedAssetItem('Chair photo.png', 'Table.PNG')).toBe('Table.png');
    expect(renamedAssetItem('Chair photo.png', 'Table.jpg')).toBe('Table.jpg.png');
    expect(renamedAssetItem('README', 'Notes')).toBe('Notes');
  });
});

describe('AssetItemAggregate (spec 001 §3, §6; ADR 0052)', () => {
  it('is created from a media of its own kind, named after the file', () => {
    const item = AssetItemAggregate.create({ id: '1'.repeat(24), kind: 'image', media, actor: { userId: author }, now });
    expect(item.snapshot()).toMatchObject({
      kind: 'image',
      name: 'Chair photo.png',
      mediaId: media.id,
      media: { name: 'Chair photo.png', mimetype: 'image/png', size: 1234 },
      authorId: author,
      teamId: null,
      projectId: null,
      version: 1,
    });
    expect(item.pullEvents().map((e) => e.type)).toEqual(['workspace.asset-item.created.v1']);
  });

  it('refuses a media of another kind with a sentence, and a project without its team', () => {
    expect(kindOf(() => AssetItemAggregate.create({ id: '1'.repeat(24), kind: 'object3d', media, actor: { userId: author }, now }))).toBe(
      'invalid: This file was not uploaded as one of the 3D objects: upload it to this library again.',
    );
    expect(kindOf(() => AssetItemAggregate.create({ id: '1'.repeat(24), kind: 'vector', media, actor: { userId: author }, now }))).toMatch(
      /^invalid: .*vector graphics/,
    );
    expect(kindOf(() => AssetItemAggregate.create({ id: '1'.repeat(24), kind: 'image', media, actor: { userId: author }, projectId: project, now }))).toBe(
      'invalid: A project asset needs its team.',
    );
  });

  it('in a team: owners and editors add, a viewer or a stranger may not (403)', () => {
    for (const teamRole of ['owner', 'editor'] as const)
      expect(
        kindOf(() => AssetItemAggregate.create({ id: '1'.repeat(24), kind: 'image', media, actor: { userId: author, teamRole }, teamId: team, now })),
      ).toBe(undefined);
    for (const teamRole of ['viewer', null] as const)
      expect(
        kindOf(() => AssetItemAggregate.create({ id: '1'.repeat(24), kind: 'image', media, actor: { userId: author, teamRole }, teamId: team, now })),
      ).toBe('forbidden: You may not change the assets of this team.');
  });

  it('personal: only its author renames or deletes; anyone else is told it does not exist', () => {
    const item = newItem();
    expect(kindOf(() => item.rename('X', { userId: other }, later))).toBe('not-found: Image not found.');
    expect(kindOf(() => item.delete({ userId: other }, later))).toBe('not-found: Image not found.');
    item.rename('  Table ', { userId: author }, later);
    expect(item.snapshot()).toMatchObject({ name: 'Table.png', version: 2, updatedAt: later });
    expect(item.pullEvents()).toMatchObject([{ type: 'workspace.asset-item.renamed.v1', data: { previousName: 'Chair photo.png' } }]);
  });

  it('rename: the name without extension is required; the same name changes nothing', () => {
    const item = newItem();
    expect(kindOf(() => item.rename('   ', { userId: author }, later))).toBe('invalid: This field is required');
    expect(kindOf(() => item.rename('.png', { userId: author }, later))).toBe('invalid: This field is required');
    expect(kindOf(() => item.rename('x'.repeat(252), { userId: author }, later))).toBe('invalid: The name must be at most 255 characters.');
    item.rename('Chair photo', { userId: author }, later);
    expect(item.pullEvents()).toEqual([]);
  });

  it('team: owner and editor rename and delete, a viewer is refused (403), a stranger gets 404', () => {
    const item = newItem({ teamId: team });
    expect(kindOf(() => item.rename('X', { userId: other, teamRole: 'viewer' }, later))).toBe('forbidden: You may not change the assets of this team.');
    expect(kindOf(() => item.delete({ userId: other, teamRole: 'viewer' }, later))).toBe('forbidden: You may not change the assets of this team.');
    expect(kindOf(() => item.delete({ userId: other, teamRole: null }, later))).toBe('not-found: Image not found.');
    item.rename('Table', { userId: other, teamRole: 'editor' }, later);
    item.delete({ userId: other, teamRole: 'editor' }, later);
    expect(item.isDeleted).toBe(true);
    expect(item.pullEvents().map((e) => e.type)).toEqual(['workspace.asset-item.renamed.v1', 'workspace.asset-item.deleted.v1']);
  });

  it('follows its media’s preview: a result once, never back to pending', () => {
    const item = newItem();
    expect(item.snapshot().preview).toEqual(pending);
    item.followPreview(ready);
    expect(item.snapshot()).toMatchObject({ preview: ready, version: 2, updatedAt: now });
    expect(item.pullEvents()).toMatchObject([{ type: 'workspace.asset-item.preview-changed.v1', data: { item: { preview: ready } } }]);
    item.followPreview({ ...ready });
    item.followPreview(pending);
    expect(item.pullEvents()).toEqual([]);
    expect(item.snapshot().preview).toEqual(ready);
  });

  it('the policy table: every member reads, owners and editors change (spec 001 §6)', () => {
    expect(['owner', 'editor', 'viewer'].filter((r) => teamAllows(r as 'owner', 'assetItem.read'))).toEqual(['owner', 'editor', 'viewer']);
    for (const action of ['assetItem.create', 'assetItem.change', 'assetItem.delete'] as const)
      expect(['owner', 'editor', 'viewer'].filter((r) => teamAllows(r as 'owner', action))).toEqual(['owner', 'editor']);
  });
});
