import { AnyEventEnvelope, COMMON_MESSAGES, ModelCreatedV1, WORKSPACE_STREAM } from '@kiln/contracts';
import { DomainError, ModelAggregate } from '@kiln/domain';
import { nsName, nsSubject, ProjectionRunner, toErrorBody } from '@kiln/service-kit';
import { Msg } from 'nats';
import { MODEL_REPOSITORY, ModelRepository } from '../src/models/ports/model.repository.port';
import { aModel, aModelName, aUser } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * The event pipeline of DESIGN.md: state + outbox in one transaction, the relay publishing to JetStream
 * with Nats-Msg-Id = eventId, projections deduplicating by (consumer, event_id).
 */
describe('workspace service: events from outbox to JetStream to read model', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const ws = () => env.db.withSchema('workspace');
  const outboxRow = (eventId: string) => ws().selectFrom('outbox').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  const outboxCount = async () =>
    Number(
      (
        await ws()
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const viewRow = (id: string) => ws().selectFrom('model_view').selectAll().where('id', '=', id).executeTakeFirst();
  /** A deleted model stays in model_view only as a tombstone. */
  const isTombstone = async (id: string) => (await viewRow(id))?.deleted_at != null;
  const modelsRunner = (): ProjectionRunner => {
    const runner = env.runtime.runners.find((r) => r.consumerName === nsName('project-models-on-model-events'));
    if (!runner) throw new Error('the model projection is not running');
    return runner;
  };
  const envelopesOf = async (aggregateId: string): Promise<AnyEventEnvelope[]> => {
    const rows = await ws().selectFrom('outbox').select('payload').orderBy('position').execute();
    return rows.map((r) => r.payload as AnyEventEnvelope).filter((e) => e.aggregateId === aggregateId);
  };

  /** A core NATS subscription, live before the command runs: collects the messages on a subject. */
  async function listen(subject: string) {
    const messages: Msg[] = [];
    const waiters: (() => void)[] = [];
    const sub = env.nc.subscribe(nsSubject(subject), {
      callback: (_error, msg) => {
        messages.push(msg);
        waiters.splice(0).forEach((wake) => wake());
      },
    });
    await env.nc.flush();
    return {
      /** Resolves with the first message whose envelope matches. */
      async next(match: (event: AnyEventEnvelope) => boolean, timeoutMs = 5000): Promise<Msg> {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = messages.find((m) => match(m.json<AnyEventEnvelope>()));
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`no matching event on ${subject} within ${timeoutMs} ms`);
          await new Promise<void>((resolve) => {
            waiters.push(resolve);
            setTimeout(resolve, 50);
          });
        }
      },
      all: () => messages,
      stop: () => sub.unsubscribe(),
    };
  }

  it('publishes workspace.model.created.v1 on <ns>.evt.workspace.model.created.v1 with Nats-Msg-Id = eventId', async () => {
    const owner = await aUser(env.rpc);
    const created = await listen('evt.workspace.model.created.v1');

    const model = await aModel(env.rpc, owner, { name: 'Gear box' });

    const msg = await created.next((e) => e.aggregateId === model.id);
    created.stop();
    const event = ModelCreatedV1.parse(msg.json());
    expect(msg.subject).toBe(`${env.namespace}.evt.workspace.model.created.v1`);
    expect(msg.headers?.get('Nats-Msg-Id')).toBe(event.eventId);
    expect(msg.headers?.get('Kiln-Event-Type')).toBe('workspace.model.created.v1');
    expect(event).toMatchObject({
      type: 'workspace.model.created.v1',
      aggregateType: 'model',
      aggregateId: model.id,
      actorId: owner.user.id,
      causationId: null,
      data: { model: { id: model.id, name: 'Gear box', authorId: owner.user.id, version: 1, createdAt: model.createdAt } },
    });
  });

  it('marks the outbox row published, and the stream drops a second publish of the same event id', async () => {
    const owner = await aUser(env.rpc);
    const model = await aModel(env.rpc, owner);
    const [event] = await envelopesOf(model.id);

    const row = await eventually(async () => {
      const r = await outboxRow(event.eventId);
      expect(r?.published_at).toBeInstanceOf(Date);
      return r!;
    });
    expect(row.type).toBe('workspace.model.created.v1');

    const ack = await env.runtime.js.publish(nsSubject(`evt.${event.type}`), JSON.stringify(event), { msgID: event.eventId });
    expect(ack.duplicate).toBe(true);
  });

  it('publishes the events of one model in the order they happened', async () => {
    const owner = await aUser(env.rpc);
    const events = await listen('evt.workspace.model.>');

    const model = await aModel(env.rpc, owner, { name: 'First name' });
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'Second name' } } });
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { description: 'Now described' } } });
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });

    await events.next((e) => e.aggregateId === model.id && e.type === 'workspace.model.deleted.v1');
    events.stop();
    const mine = events
      .all()
      .map((m) => m.json<AnyEventEnvelope>())
      .filter((e) => e.aggregateId === model.id);
    expect(mine.map((e) => e.type)).toEqual([
      'workspace.model.created.v1',
      'workspace.model.renamed.v1',
      'workspace.model.description-changed.v1',
      'workspace.model.deleted.v1',
    ]);
    expect(mine.map((e) => (e.data as { model: { version: number } }).model.version)).toEqual([1, 2, 3, 4]);
    expect((mine[1].data as { previousName: string }).previousName).toBe('First name');
  });

  it('re-feeding the stream from the outbox publishes nothing twice', async () => {
    const owner = await aUser(env.rpc);
    await aModel(env.rpc, owner);
    const stream = nsName(WORKSPACE_STREAM.name);
    const before = (await env.jsm.streams.info(stream)).state.messages;

    await env.runtime.relay.republishAll();

    await eventually(async () => {
      const unpublished = await ws().selectFrom('outbox').select('event_id').where('published_at', 'is', null).execute();
      expect(unpublished).toEqual([]);
    });
    expect((await env.jsm.streams.info(stream)).state.messages).toBe(before);
  });

  describe('projection redelivery', () => {
    it('applying the same event twice leaves the read model unchanged', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const [created] = await envelopesOf(model.id);
      const before = await viewRow(model.id);

      await modelsRunner().handle(created);
      await modelsRunner().handle(created);

      expect(await viewRow(model.id)).toEqual(before);
      // Other consumers of model events (the shared lists' copy) record it under their own names.
      const processed = await ws()
        .selectFrom('processed_events')
        .selectAll()
        .where('event_id', '=', created.eventId)
        .where('consumer', 'like', 'project-models-%')
        .execute();
      expect(processed.map((p) => p.consumer)).toEqual(['project-models-on-model-events']);
    });

    it('a redelivered created event does not bring a deleted model back (deduplicated by event id)', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const [created] = await envelopesOf(model.id);
      await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });
      expect(await isTombstone(model.id)).toBe(true);

      await modelsRunner().handle(created);

      expect(await isTombstone(model.id)).toBe(true);
      await expect(env.rpc.fail('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toMatchObject({ statusCode: 404 });
    });

    it('the same event arriving again through JetStream is consumed and ignored', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const [created] = await envelopesOf(model.id);
      await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });

      const consumedAgain = new Promise<void>((resolve) => {
        const off = modelsRunner().onApplied((eventId) => {
          if (eventId === created.eventId) {
            off();
            resolve();
          }
        });
      });
      // Another msgID, so the stream keeps it: a redelivery as the consumer would see it.
      await env.runtime.js.publish(nsSubject(`evt.${created.type}`), JSON.stringify(created), { msgID: `replay-${created.eventId}` });
      await consumedAgain;

      expect(await isTombstone(model.id)).toBe(true);
    });
  });

  describe('a failing state write writes no outbox row', () => {
    const repository = () => env.app.get<symbol, ModelRepository>(MODEL_REPOSITORY);

    it('optimistic concurrency: the second of two saves from the same version is a conflict and leaves no event', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner, { name: 'Original' });
      const first = (await repository().findById(model.id))!;
      const second = (await repository().findById(model.id))!;
      const now = new Date();
      first.rename('Renamed first', owner.user.id, now);
      second.rename('Renamed second', owner.user.id, now);

      const firstIds = await repository().save(first, { actorId: owner.user.id, occurredAt: now });
      expect(firstIds).toHaveLength(1);
      const outboxBefore = await outboxCount();

      const failure = repository().save(second, { actorId: owner.user.id, occurredAt: now });
      await expect(failure).rejects.toBeInstanceOf(DomainError);
      await expect(failure).rejects.toMatchObject({ kind: 'conflict' });

      expect(await outboxCount()).toBe(outboxBefore);
      expect((await envelopesOf(model.id)).map((e) => e.type)).toEqual(['workspace.model.created.v1', 'workspace.model.renamed.v1']);
      expect((await repository().findById(model.id))!.snapshot()).toMatchObject({ name: 'Renamed first', version: 2 });
      await eventually(async () => expect(await viewRow(model.id)).toMatchObject({ name: 'Renamed first', version: 2 }));
    });

    it('an insert that fails writes no outbox row', async () => {
      const owner = await aUser(env.rpc);
      const existing = await aModel(env.rpc, owner);
      const clash = ModelAggregate.create({ id: existing.id, name: aModelName(), authorId: owner.user.id, now: new Date() });
      const outboxBefore = await outboxCount();

      await expect(repository().save(clash, { actorId: owner.user.id, occurredAt: new Date() })).rejects.toThrow();

      expect(await outboxCount()).toBe(outboxBefore);
      expect((await envelopesOf(existing.id)).map((e) => e.type)).toEqual(['workspace.model.created.v1']);
    });

    it('a change made meanwhile through the service makes a stale save a conflict, answered as 409 at the edge', async () => {
      const owner = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner);
      const stale = (await repository().findById(model.id))!;
      await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: 'Changed meanwhile' } } });
      stale.rename('Too late', owner.user.id, new Date());

      const error = await repository()
        .save(stale, { actorId: owner.user.id, occurredAt: new Date() })
        .catch((e: unknown) => e);

      expect(toErrorBody(error)).toEqual({ statusCode: 409, message: COMMON_MESSAGES.changedMeanwhile });
      await expect(env.rpc.call('getModel', { actor: owner.actor, body: { id: model.id } })).resolves.toMatchObject({ name: 'Changed meanwhile' });
    });
  });
});
