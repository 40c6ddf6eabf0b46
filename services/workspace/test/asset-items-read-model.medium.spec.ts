import { Media, MediaPreview } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { aUser, SignedUp } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * The asset items' read side in the workspace alone (ADR 0052), with real Postgres and JetStream: items
 * written through the real repository (their media facts given, as the assets service would answer them),
 * the preview reaction fed `assets.media.processed.v1` on the assets stream, and the read model rebuilt
 * from the state table. The whole path from an upload is asset-items.medium.spec.ts's.
 */
describe('workspace service: asset items, read model and previews (over NATS)', () => {
  let env: WorkspaceTestEnv;
  let domain: typeof import('@kiln/domain');
  let repository: import('../src/asset-items/ports/asset-item.repository.port').AssetItemRepository;
  let rebuildProjection: typeof import('@kiln/service-kit').rebuildProjection;
  let projection: import('@kiln/service-kit').Projection;

  beforeAll(async () => {
    env = await startWorkspace();
    // Loaded after startWorkspace() set the namespace (see test-env.ts).
    const port = require('../src/asset-items/ports/asset-item.repository.port') as typeof import('../src/asset-items/ports/asset-item.repository.port');
    repository = env.app.get(port.ASSET_ITEM_REPOSITORY, { strict: false });
    domain = require('@kiln/domain');
    ({ rebuildProjection } = require('@kiln/service-kit'));
    ({ ProjectAssetItemsOnAssetItemEvents: projection } = require('../src/asset-items/projections/project-asset-items-on-asset-item-events'));
  });
  afterAll(async () => {
    await env?.stop();
  });

  const hex = (n: number) => randomBytes(n).toString('hex');
  const pending: MediaPreview = { status: 'pending', thumbnail: false, view: false, svg: false };
  const ready: MediaPreview = { status: 'ready', thumbnail: true, view: true, svg: false, size3d: { x: 40, y: 20, z: 10 } };

  async function anItem(owner: SignedUp, name: string, preview: MediaPreview = pending) {
    const now = new Date();
    const item = domain.AssetItemAggregate.create({
      id: hex(12),
      kind: 'object3d',
      media: { id: hex(12), type: 'object3d', name, mimetype: 'application/octet-stream', size: 684, preview },
      actor: { userId: owner.user.id },
      now,
    });
    const state = item.snapshot();
    await repository.save(item, { actorId: owner.user.id, occurredAt: now });
    return state;
  }

  const list = (who: SignedUp) => env.rpc.call('listAssetItems', { actor: who.actor, body: { kind: 'object3d', sort: 'name ASC' } });

  /** What the assets service publishes when it has processed a file (ADR 0053). */
  async function processed(owner: SignedUp, mediaId: string, name: string, preview: MediaPreview): Promise<void> {
    const media: Media = {
      id: mediaId,
      origin: 'upload',
      type: 'object3d',
      name,
      mimetype: 'application/octet-stream',
      filename: name,
      folder: '2026_11',
      path: `media/${mediaId}`,
      encoding: '7bit',
      size: 684,
      sha256: '0'.repeat(64),
      authorId: owner.user.id,
      createdAt: new Date().toISOString(),
      preview,
    };
    const event = {
      eventId: hex(12),
      type: 'assets.media.processed.v1',
      aggregateType: 'media',
      aggregateId: mediaId,
      occurredAt: new Date().toISOString(),
      actorId: null,
      correlationId: hex(12),
      causationId: null,
      data: { media },
    };
    await env.nc.jetstream().publish(`${env.namespace}.evt.assets.media.processed.v1`, JSON.stringify(event), { msgID: event.eventId });
  }

  it('follows the media’s processing: the item’s preview becomes the result, once, and a late pending changes nothing', async () => {
    const owner = await aUser(env.rpc);
    const item = await anItem(owner, 'Bracket.stl');
    await eventually(async () => expect((await list(owner)).data.map((i) => i.preview.status)).toEqual(['pending']));
    await processed(owner, item.mediaId, 'Bracket.stl', ready);
    await eventually(async () => expect((await list(owner)).data[0]).toMatchObject({ preview: ready, version: 2 }));
    // Repeated, and a stale pending: nothing changes.
    await processed(owner, item.mediaId, 'Bracket.stl', ready);
    await processed(owner, item.mediaId, 'Bracket.stl', pending);
    const marker = await anItem(owner, 'Zz marker.stl');
    await processed(owner, marker.mediaId, 'Zz marker.stl', ready);
    // The stream is read in order: once the marker shows its preview, the two earlier events were handled.
    await eventually(async () => expect((await list(owner)).data[1]).toMatchObject({ preview: ready }));
    expect((await list(owner)).data[0]).toMatchObject({ name: 'Bracket.stl', preview: ready, version: 2 });
    // A file no item is made of: nothing to follow, and the reaction goes on.
    await processed(owner, hex(12), 'Nobody.stl', ready);
  });

  it('the read model equals a rebuild from the state table', async () => {
    const owner = await aUser(env.rpc);
    const a = await anItem(owner, 'Alpha.stl', ready);
    const b = await anItem(owner, 'Beta.stl');
    await eventually(async () => expect((await list(owner)).total).toBe(2));
    const ws = () => env.db.withSchema('workspace');
    const view = () => ws().selectFrom('asset_item_view').selectAll().where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    const before = await view();
    const listed = await list(owner);
    expect(listed.data.map((i) => [i.name, i.preview.status])).toEqual([
      ['Alpha.stl', 'ready'],
      ['Beta.stl', 'pending'],
    ]);
    await ws().deleteFrom('asset_item_view').execute();
    await rebuildProjection(env.db, 'workspace', projection);
    expect(await view()).toEqual(before);
    await expect(list(owner)).resolves.toEqual(listed);
  });
});
