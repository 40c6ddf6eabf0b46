import { randomUUID } from 'node:crypto';
import { aModel, aUser } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * With several instances of the service, a durable consumer's messages can be applied out of order.
 * The model read model must still end in the state of the highest version.
 */
describe('workspace service: model read model under out-of-order events', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('keeps a deleted model deleted when an older rename arrives late', async () => {
    const { ProjectModelsOnModelEvents } = require('../src/models/projections/project-models-on-model-events');
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner, { name: 'Late gear' });
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });

    // The model was created at version 1 and deleted at version 2; a rename at version 1 (stale) comes late.
    const lateRename = {
      eventId: randomUUID(),
      type: 'workspace.model.renamed.v1',
      aggregateType: 'model',
      aggregateId: model.id,
      occurredAt: new Date().toISOString(),
      actorId: owner.user.id,
      correlationId: randomUUID(),
      causationId: null,
      data: { model: { ...toSnapshot(model), name: 'Zombie gear', version: 1 }, previousName: 'Late gear' },
    };
    await env.db.transaction().execute((trx) => ProjectModelsOnModelEvents.apply(trx, lateRename));

    expect((await env.rpc.fail('getModel', { actor: owner.actor, body: { id: model.id } })).statusCode).toBe(404);
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: {} })).total).toBe(0);
  });

  it('keeps the newest name when an older rename arrives after a newer one', async () => {
    const { ProjectModelsOnModelEvents } = require('../src/models/projections/project-models-on-model-events');
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner, { name: 'First name' });
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'Second name' } } });
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'Third name' } } });

    const stale = {
      eventId: randomUUID(),
      type: 'workspace.model.renamed.v1',
      aggregateType: 'model',
      aggregateId: model.id,
      occurredAt: new Date().toISOString(),
      actorId: owner.user.id,
      correlationId: randomUUID(),
      causationId: null,
      data: { model: { ...toSnapshot(model), name: 'Second name', version: 2 }, previousName: 'First name' },
    };
    await env.db.transaction().execute((trx) => ProjectModelsOnModelEvents.apply(trx, stale));

    expect((await env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).name).toBe('Third name');
  });
});

function toSnapshot(model: { id: string; name: string; description: string; authorId: string; contributorId: string | null; teamId: string | null; projectId: string | null; productId: string | null; publishedAt: string | null; sharedWithEveryone: string; hidden: boolean; createdAt: string; updatedAt: string }) {
  const { id, name, description, authorId, contributorId, teamId, projectId, productId, publishedAt, sharedWithEveryone, hidden, createdAt, updatedAt } = model;
  return { id, name, description, authorId, contributorId, teamId, projectId, productId, publishedAt, sharedWithEveryone, hidden, createdAt, updatedAt };
}
