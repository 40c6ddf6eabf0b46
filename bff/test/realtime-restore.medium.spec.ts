import { PushWorld } from './support/push-world';
import { aModelSnapshot, anEvent, anId, modelEvent, ShareStory } from './support/realtime-events';

/**
 * A restored model (ADR 0048) is pushed on `workspace-model` like a new one, to exactly the people
 * allowed: after its delete was pushed, only the restore (a newer version) brings it back; a late older
 * event still cannot. Pure routing, no I/O (see realtime-routing.medium.spec.ts).
 */
describe('workspace-model: a restored model', () => {
  const restored = (model: ReturnType<typeof aModelSnapshot>) => anEvent('workspace.model.restored.v1', 'model', model.id, { model }, model.authorId);

  it('reaches its author and the people its shares come back to, and nobody else; a late older event stays stale', () => {
    const world = new PushWorld();
    const authorId = anId();
    const readerId = anId();
    const author = world.connect(authorId);
    const reader = world.connect(readerId);
    const stranger = world.connect(anId());
    const model = aModelSnapshot({ authorId, version: 1 });
    world.handle(modelEvent('workspace.model.created.v1', model));
    world.handle(modelEvent('workspace.model.deleted.v1', { ...model, version: 2 }));
    world.handle(restored({ ...model, version: 3 }));
    // The share that comes back with it, then a late, older rename.
    world.handle(new ShareStory(model, readerId, 'viewer').created());
    world.handle(modelEvent('workspace.model.renamed.v1', { ...model, version: 2 }));
    world.handle(modelEvent('workspace.model.renamed.v1', { ...model, name: 'After', version: 4 }));

    expect(author.seen.filter((m) => m.channel === 'workspace-model').map((m) => `${m.verb} ${m.data.version} ${m.data.userRole}`)).toEqual([
      'create 1 owner',
      'delete 2 owner',
      'create 3 owner',
      'update 4 owner',
    ]);
    expect(reader.seen.map((m) => `${m.channel} ${m.verb}`)).toEqual(['workspace-shared-model create', 'workspace-model update']);
    expect(stranger.seen).toEqual([]);
  });

  it('is not pushed again when redelivered', () => {
    const world = new PushWorld();
    const authorId = anId();
    const author = world.connect(authorId);
    const model = aModelSnapshot({ authorId, version: 2 });
    world.handle(modelEvent('workspace.model.deleted.v1', model));
    const event = restored({ ...model, version: 3 });
    world.handle(event);
    world.handle(event);
    expect(author.seen.map((m) => m.verb)).toEqual(['delete', 'create']);
  });
});
