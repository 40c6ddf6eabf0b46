import { Model } from '@kiln/contracts';
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

  /** A rename event as an instance would apply it late: the model's snapshot at an older version. */
  const staleRename = (model: Model, actorId: string, name: string, version: number) => ({
    eventId: randomUUID(),
    type: 'workspace.model.renamed.v1',
    aggregateType: 'model',
    aggregateId: model.id,
    occurredAt: new Date().toISOString(),
    actorId,
    correlationId: randomUUID(),
    causationId: null,
    data: { model: { ...toSnapshot(model), name, version }, previousName: model.name },
  });
  const applyLate = async (event: ReturnType<typeof staleRename>) => {
    const { ProjectModelsOnModelEvents } = require('../src/models/projections/project-models-on-model-events');
    await env.db.transaction().execute((trx) => ProjectModelsOnModelEvents.apply(trx, event));
  };

  it('keeps a deleted model deleted when an older rename arrives late', async () => {
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner, { name: 'Late gear' });
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });

    // Created at version 1, deleted at version 2; a rename at version 1 comes late.
    await applyLate(staleRename(model, owner.user.id, 'Zombie gear', 1));

    expect((await env.rpc.fail('getModel', { actor: owner.actor, body: { id: model.id } })).statusCode).toBe(404);
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: {} })).total).toBe(0);
  });

  it('keeps the newest name when an older rename arrives after a newer one', async () => {
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner, { name: 'First name' });
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'Second name' } } });
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'Third name' } } });

    await applyLate(staleRename(model, owner.user.id, 'Second name', 2));

    expect((await env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).name).toBe('Third name');
  });
});

/** The event snapshot of a model as the API showed it (the snapshot has no populated users or role). */
function toSnapshot({ author: _author, contributor: _contributor, userRole: _role, ...snapshot }: Model) {
  return snapshot;
}
