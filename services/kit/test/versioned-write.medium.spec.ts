import { COMMON_MESSAGES } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { saveVersioned, VersionedWrite } from '../src';
import { KitEnv, startKitEnv } from './support/kit-env';

/**
 * The kit's versioned write (ADR 0072), which ten repositories save through: a row and its events are written
 * together or not at all, guarded by the version the aggregate was loaded at. Against the running Postgres.
 */
interface Db {
  things: { id: string; name: string; version: number };
}

const SCHEMA = 'kit_versioned';
const NAME_TAKEN = 'A thing with this name exists already.';

describe('service kit: versioned writes', () => {
  let env: KitEnv;
  beforeAll(async () => {
    env = await startKitEnv(SCHEMA);
    await sql`CREATE TABLE kit_versioned.things (id text PRIMARY KEY, name text NOT NULL UNIQUE, version int NOT NULL)`.execute(env.db);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const meta = () => ({ actorId: 'someone', occurredAt: new Date() });
  const event = (id: string, type: string) => ({ type, aggregateType: 'thing', aggregateId: id, data: { id } });
  const save = (w: VersionedWrite<Db, 'things'>, type: string, onDelete?: Parameters<typeof saveVersioned<Db, 'things'>>[5]) =>
    saveVersioned(env.db, SCHEMA, w, [event(w.row.id, type)], meta(), onDelete);
  const thing = async (id: string) => (await env.db.withSchema(SCHEMA).selectFrom('things').selectAll().where('id', '=', id).execute())[0];
  const eventsOf = async (id: string) =>
    (await sql<{ type: string }>`SELECT type FROM kit_versioned.outbox WHERE payload->>'aggregateId' = ${id} ORDER BY position`.execute(env.db)).rows.map(
      (r) => r.type,
    );
  const refused = async (write: Promise<unknown>) => {
    const error = await write.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return { kind: (error as DomainError).kind, message: (error as DomainError).message };
  };
  const newThing = () => ({ id: randomBytes(12).toString('hex'), name: `thing ${randomBytes(4).toString('hex')}` });

  it('inserts at version 0, then updates only from the version it was loaded at; a stale write changes nothing', async () => {
    const { id, name } = newThing();
    const ids = await save({ table: 'things', row: { id, name, version: 1 }, loadedVersion: 0, deleted: false }, 'kit.thing.created.v1');
    expect(ids).toHaveLength(1);
    expect(await thing(id)).toEqual({ id, name, version: 1 });

    await save({ table: 'things', row: { id, name: `${name} 2`, version: 2 }, loadedVersion: 1, deleted: false }, 'kit.thing.renamed.v1');
    expect(await thing(id)).toEqual({ id, name: `${name} 2`, version: 2 });

    // Someone else saved version 2 meanwhile: loaded at 1, this write is refused and leaves no event.
    expect(
      await refused(save({ table: 'things', row: { id, name: `${name} stale`, version: 2 }, loadedVersion: 1, deleted: false }, 'kit.thing.renamed.v1')),
    ).toEqual({ kind: 'conflict', message: COMMON_MESSAGES.changedMeanwhile });
    expect(await thing(id)).toEqual({ id, name: `${name} 2`, version: 2 });
    expect(await eventsOf(id)).toEqual(['kit.thing.created.v1', 'kit.thing.renamed.v1']);
  });

  it('updates only the columns of `set` when given', async () => {
    const { id, name } = newThing();
    await save({ table: 'things', row: { id, name, version: 1 }, loadedVersion: 0, deleted: false }, 'kit.thing.created.v1');
    await save({ table: 'things', row: { id, name: 'ignored', version: 2 }, set: { version: 2 }, loadedVersion: 1, deleted: false }, 'kit.thing.touched.v1');
    expect(await thing(id)).toEqual({ id, name, version: 2 });
  });

  it("refuses an insert meeting a unique key with the caller's sentence, writing no event", async () => {
    const first = newThing();
    await save({ table: 'things', row: { ...first, version: 1 }, loadedVersion: 0, deleted: false }, 'kit.thing.created.v1');
    const second = { id: newThing().id, name: first.name };
    expect(
      await refused(
        save(
          { table: 'things', row: { ...second, version: 1 }, loadedVersion: 0, deleted: false, unique: { column: 'name', message: NAME_TAKEN } },
          'kit.thing.created.v1',
        ),
      ),
    ).toEqual({ kind: 'conflict', message: NAME_TAKEN });
    expect(await thing(second.id)).toBeUndefined();
    expect(await eventsOf(second.id)).toEqual([]);
  });

  it('deletes by version with its events in one transaction; what onDelete throws undoes the delete', async () => {
    const { id, name } = newThing();
    await save({ table: 'things', row: { id, name, version: 1 }, loadedVersion: 0, deleted: false }, 'kit.thing.created.v1');

    // A stale deletion is refused.
    expect(await refused(save({ table: 'things', row: { id, name, version: 1 }, loadedVersion: 3, deleted: true }, 'kit.thing.deleted.v1'))).toEqual({
      kind: 'conflict',
      message: COMMON_MESSAGES.changedMeanwhile,
    });
    // onDelete runs after the guarded DELETE, in its transaction: its failure leaves the row and writes no event.
    await expect(
      save({ table: 'things', row: { id, name, version: 1 }, loadedVersion: 1, deleted: true }, 'kit.thing.deleted.v1', async () => {
        throw new Error('the trash is full');
      }),
    ).rejects.toThrow('the trash is full');
    expect(await thing(id)).toEqual({ id, name, version: 1 });
    expect(await eventsOf(id)).toEqual(['kit.thing.created.v1']);

    let sawRowGone = false;
    await save({ table: 'things', row: { id, name, version: 1 }, loadedVersion: 1, deleted: true }, 'kit.thing.deleted.v1', async (trx) => {
      sawRowGone = (await trx.withSchema(SCHEMA).selectFrom('things').select('id').where('id', '=', id).execute()).length === 0;
    });
    expect(sawRowGone).toBe(true);
    expect(await thing(id)).toBeUndefined();
    expect(await eventsOf(id)).toEqual(['kit.thing.created.v1', 'kit.thing.deleted.v1']);
  });

  it('lets exactly one of two parallel writes from the same version through', async () => {
    const { id, name } = newThing();
    await save({ table: 'things', row: { id, name, version: 1 }, loadedVersion: 0, deleted: false }, 'kit.thing.created.v1');
    const results = await Promise.allSettled(
      ['a', 'b'].map((suffix) =>
        save({ table: 'things', row: { id, name: `${name} ${suffix}`, version: 2 }, loadedVersion: 1, deleted: false }, 'kit.thing.renamed.v1'),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await eventsOf(id)).toEqual(['kit.thing.created.v1', 'kit.thing.renamed.v1']);
    expect((await thing(id))!.version).toBe(2);
  });
});
