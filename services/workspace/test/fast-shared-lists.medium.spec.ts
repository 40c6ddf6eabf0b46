import { Kysely, PostgresDialect, sql } from 'kysely';
import { randomBytes, randomUUID } from 'node:crypto';
import { registerPool } from '@kiln/service-kit';
import { Pool, QueryConfig } from 'pg';
import { aModel, aUser, SignedUp } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * "Shared with me" and "Favorites" read the model columns copied into `model_share_view` / `favorite_view`
 * (migration 0009, ADR 0014 "Shared lists"): their pages must answer exactly what OFFSET over the rows
 * joined to `model_view` answers, in every order, their totals what count(*) answers, a page must be an
 * index scan of its own rows, and a model change must reach the lists' order.
 */
describe('workspace service: shared lists from copied model columns, kept counts and sort indexes', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const hex = (bytes = 12) => randomBytes(bytes).toString('hex');
  const q = () => env.db.withSchema('workspace');
  const sharedWithMe = (who: SignedUp, body: Record<string, unknown> = {}) => env.rpc.call('listSharedWithMe', { actor: who.actor, body });
  const favorites = (who: SignedUp, body: Record<string, unknown> = {}) => env.rpc.call('listFavorites', { actor: who.actor, body });

  /** `count` models of `author` in `models` and `model_view`, many sharing a time and a name's letters. */
  async function seedModels(author: SignedUp, count: number, everyone = 'private'): Promise<string[]> {
    const ids = Array.from({ length: count }, () => hex());
    for (const table of ['models', 'model_view'] as const) {
      await sql`
        INSERT INTO ${sql.id('workspace', table)} (id, name, author_id, shared_with_everyone, created_at, updated_at, version)
        SELECT id, (CASE WHEN g % 2 = 0 THEN 'part ' ELSE 'Part ' END) || (g % 7), ${author.user.id}, ${everyone},
               timestamp '2026-01-01' + (g % 5) * interval '1 minute', timestamp '2026-02-01' + (g % 9) * interval '1 minute', 1
        FROM unnest(${ids}::text[]) WITH ORDINALITY AS t(id, g)`.execute(env.db);
    }
    return ids;
  }

  /** Shares (`kind` 'share') or favorites of `modelIds` for `user`, in state and view, as the projections leave them. */
  async function seed(kind: 'share' | 'favorite', user: SignedUp, owner: SignedUp, modelIds: string[]): Promise<void> {
    const ids = modelIds.map(() => hex());
    const state = kind === 'share' ? ['model_shares', 'model_share_view'] : ['favorites', 'favorite_view'];
    for (const table of state) {
      const insert =
        kind === 'share'
          ? sql`INSERT INTO ${sql.id('workspace', table)} (id, model_id, owner_id, user_id, email, role, shared_by_id, created_at, updated_at, version)
                SELECT id, model_id, ${owner.user.id}, ${user.user.id}, ${user.user.email}, 'viewer', ${owner.user.id},
                  timestamp '2026-03-01' + (g % 4) * interval '1 minute', now(), 1
                FROM unnest(${ids}::text[], ${modelIds}::text[]) WITH ORDINALITY AS t(id, model_id, g)`
          : sql`INSERT INTO ${sql.id('workspace', table)} (id, user_id, model_id, created_at)
                SELECT id, ${user.user.id}, model_id, timestamp '2026-03-01' + (g % 4) * interval '1 minute'
                FROM unnest(${ids}::text[], ${modelIds}::text[]) WITH ORDINALITY AS t(id, model_id, g)`;
      await insert.execute(env.db);
    }
    const { copyAllFromState } = require('../src/sharing/projections/copied-model-columns') as typeof import('../src/sharing/projections/copied-model-columns');
    await env.db.transaction().execute((trx) => copyAllFromState(trx, state[1] as 'model_share_view' | 'favorite_view'));
  }

  const countsMatchRows = async () => {
    for (const [view, counts] of [
      ['model_share_view', 'model_share_counts'],
      ['favorite_view', 'favorite_counts'],
    ]) {
      const counted = await sql<{
        user_id: string;
        live: number;
      }>`SELECT user_id, live::int AS live FROM ${sql.id('workspace', counts)} WHERE live <> 0 ORDER BY 1`.execute(env.db);
      const actual = await sql<{ user_id: string; live: number }>`
        SELECT user_id, count(*)::int AS live FROM ${sql.id('workspace', view)}
        WHERE deleted_at IS NULL AND model_deleted_at IS NULL AND user_id IS NOT NULL GROUP BY 1 ORDER BY 1`.execute(env.db);
      expect({ view, rows: counted.rows }).toEqual({ view, rows: actual.rows });
    }
  };

  /** The ids of the list in the order the lists had before 0009: joined to `model_view`, sorted on its columns. */
  async function expectedOrder(
    view: 'model_share_view' | 'favorite_view',
    user: SignedUp,
    column: string | null,
    direction: 'ASC' | 'DESC',
    hidden: string[] = [],
  ) {
    const order = column ? sql`${sql.raw(column)} ${sql.raw(direction)}, v.id ${sql.raw(direction)}` : sql`v.created_at DESC, v.id DESC`;
    const rows = await sql<{ id: string; model_id: string }>`
      SELECT v.id, v.model_id FROM ${sql.id('workspace', view)} v JOIN workspace.model_view m ON m.id = v.model_id
      WHERE v.user_id = ${user.user.id} AND v.deleted_at IS NULL AND m.deleted_at IS NULL ORDER BY ${order}`.execute(env.db);
    return rows.rows.filter((r) => !hidden.includes(r.model_id)).map((r) => r.id);
  }

  const ORDERS = [
    [undefined, null],
    ['updatedAt', 'm.updated_at'],
    ['createdAt', 'm.created_at'],
    ['name', 'lower(m.name)'],
  ] as const;
  const PAGES = [
    [0, 7],
    [7, 7],
    [14, 7],
    [16, 7],
    [27, 7],
    [30, 7],
    [40, 7],
    [0, 100],
  ];

  it('answers every page of Shared with me, in every order, exactly as OFFSET over the joined rows does', async () => {
    const [owner, me] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    await seed('share', me, owner, await seedModels(owner, 31));
    for (const [field, column] of ORDERS) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const expected = await expectedOrder('model_share_view', me, column, direction);
        for (const [skip, limit] of PAGES) {
          const page = await sharedWithMe(me, { ...(field ? { sort: `${field} ${direction}` } : {}), skip: String(skip), limit: String(limit) });
          expect({ field, direction, skip, ids: page.data.map((s) => s.id) }).toEqual({ field, direction, skip, ids: expected.slice(skip, skip + limit) });
          expect(page.total).toBe(31);
        }
      }
    }
    const found = await sharedWithMe(me, { where: JSON.stringify({ name: { contains: 'PART 3' } }), sort: 'name ASC', limit: '100' });
    expect(found.total).toBe(found.data.length);
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((s) => s.modelName.toLowerCase() === 'part 3')).toBe(true);
    await countsMatchRows();
  });

  it('answers every page of Favorites exactly, leaving out (and not counting) models I can no longer see', async () => {
    const [me, stranger] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const mine = await seedModels(me, 12);
    const linked = await seedModels(stranger, 6, 'viewer');
    const shared = await seedModels(stranger, 7);
    const lost = await seedModels(stranger, 9);
    await seed('share', me, stranger, shared);
    await seed('favorite', me, me, [...mine, ...linked, ...shared, ...lost]);
    for (const [field, column] of ORDERS) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const expected = await expectedOrder('favorite_view', me, column, direction, lost);
        expect(expected).toHaveLength(25);
        for (const [skip, limit] of PAGES) {
          const page = await favorites(me, { ...(field ? { sort: `${field} ${direction}` } : {}), skip: String(skip), limit: String(limit) });
          expect({ field, direction, skip, ids: page.data.map((f) => f.id) }).toEqual({ field, direction, skip, ids: expected.slice(skip, skip + limit) });
          expect(page.total).toBe(25);
        }
      }
    }
    const found = await favorites(me, { where: JSON.stringify({ name: { contains: 'part 4' } }), limit: '100' });
    expect(found.total).toBe(found.data.length);
    expect(found.data.every((f) => !lost.includes(f.modelId) && f.model.name.toLowerCase() === 'part 4')).toBe(true);
    await countsMatchRows();
  });

  it('reads a page from the index of its sort, walking its own rows only (no sort of every row)', async () => {
    const [owner, me] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const models = await seedModels(owner, 3000);
    await seed('share', me, owner, models);
    await seed('favorite', me, me, models);
    await sql`ANALYZE workspace.model_share_view`.execute(env.db);
    await sql`ANALYZE workspace.favorite_view`.execute(env.db);

    // The read model itself, on a connection that records its statements.
    const pool = new Pool({ connectionString: env.databaseUrl, max: 2 });
    type Statement = { sql: string; parameters: readonly unknown[]; named?: boolean };
    const statements: Statement[] = [];
    const db = new Kysely<any>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    try {
      const { PgSharingReadModel } = require('../src/sharing/adapters/pg-sharing.read-model') as typeof import('../src/sharing/adapters/pg-sharing.read-model');
      const { PgModelReadModel } = require('../src/models/adapters/pg-model.read-model') as typeof import('../src/models/adapters/pg-model.read-model');
      // The pages go as named statements (`executeNamed`): recorded on their way to the pool.
      const recording = new Proxy(pool, {
        get: (target, property) =>
          property === 'query'
            ? (config: QueryConfig) => {
                statements.push({ sql: config.text, parameters: config.values ?? [], named: true });
                return target.query(config);
              }
            : Reflect.get(target, property),
      });
      registerPool(db, recording);
      const reads = new PgSharingReadModel(db, new PgModelReadModel(db));
      type Plan = { 'Node Type': string; 'Index Name'?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: Plan[] };
      const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
      // A named statement's plan is the generic one once Postgres settles on it: that is the plan explained.
      const planOf = async (statement: Statement) => {
        const client = await pool.connect();
        try {
          if (!statement.named)
            return nodes(
              (
                (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, statement.parameters as unknown[])).rows[0]['QUERY PLAN'] as {
                  Plan: Plan;
                }[]
              )[0].Plan,
            );
          await client.query('SET plan_cache_mode = force_generic_plan');
          await client.query(`PREPARE generic_page AS ${statement.sql}`);
          // EXPLAIN EXECUTE takes no bound parameters: the values go in as literals.
          const values = statement.parameters.map((value) => client.escapeLiteral(String(value)));
          const explained = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE generic_page(${values.join(', ')})`);
          return nodes((explained.rows[0]['QUERY PLAN'] as { Plan: Plan }[])[0].Plan);
        } finally {
          await client.query('DEALLOCATE ALL');
          await client.query('RESET plan_cache_mode');
          client.release();
        }
      };

      for (const [list, view] of [
        ['sharedWithMe', 'model_share_view'],
        ['favorites', 'favorite_view'],
      ] as const) {
        for (const [field, index] of [
          ['updatedAt', 'updated_at'],
          ['createdAt', 'created_at'],
          ['name', 'name'],
          [undefined, 'listed_at'],
        ] as const) {
          for (const skip of [0, 2960]) {
            statements.length = 0;
            const sort = field ? { field, direction: 'desc' as const } : undefined;
            const answer = await reads[list](me.user.id, { skip, limit: 20, ...(sort ? { sort } : {}) } as never);
            expect({ list, field, skip, rows: answer.data.length, total: answer.total }).toEqual({ list, field, skip, rows: 20, total: 3000 });
            const page = statements.find((s) => s.sql.includes('as "page"'))!;
            expect({ list, field, skip, named: page.named }).toEqual({ list, field, skip, named: true });
            const plan = await planOf(page);
            const prefix = view === 'model_share_view' ? 'model_share_view_mine_by_' : 'favorite_view_mine_by_';
            const scan = plan.find((n) => n['Index Name'] === `${prefix}${index}`);
            // The page's ids come from its sort's index, which gives up after the page's rows (from the nearer end);
            // a sort, if any, orders the page's 20 rows only.
            expect({ list, field, skip, scanned: scan && scan['Actual Rows'] <= 60 }).toEqual({ list, field, skip, scanned: true });
            expect(plan.filter((n) => n['Node Type'] === 'Sort').every((n) => n['Actual Rows'] <= 20)).toBe(true);
            // The totals: a kept count (shares), a kept count less the favorites that may be hidden.
            for (const statement of statements.filter((s) => s !== page && s.sql.includes('count'))) {
              const counted = await planOf(statement);
              expect(counted.filter((n) => /Seq Scan/.test(n['Node Type']) && n['Actual Rows'] > 1)).toEqual([]);
              expect(counted.every((n) => n['Actual Rows'] * n['Actual Loops'] <= 60)).toBe(true);
            }
          }
        }
      }

      // On one connection of its own, each list's page is planned once: after the five custom plans
      // Postgres tries, it keeps the generic one (its cost is no worse: the page size is a literal).
      const single = new Pool({ connectionString: env.databaseUrl, max: 1 });
      single.on('error', () => undefined);
      const singleDb = new Kysely<any>({ dialect: new PostgresDialect({ pool: single }) });
      registerPool(singleDb, single);
      try {
        const own = new PgSharingReadModel(singleDb, new PgModelReadModel(singleDb));
        for (const list of ['sharedWithMe', 'favorites'] as const) for (let i = 0; i < 7; i++) await own[list](me.user.id, { skip: 0, limit: 20 } as never);
        const { rows } = await single.query<{ statement: string; generic_plans: number }>('SELECT statement, generic_plans FROM pg_prepared_statements');
        expect(
          rows.map((row) => ({ list: row.statement.includes('"favorite_view" as "r"') ? 'favorites' : 'shares', generic: row.generic_plans > 0 })),
        ).toEqual(
          expect.arrayContaining([
            { list: 'shares', generic: true },
            { list: 'favorites', generic: true },
          ]),
        );
      } finally {
        await singleDb.destroy();
      }
    } finally {
      await db.destroy();
    }
  });

  it('follows a rename into the order of both lists; an older model event does not bring the old name back', async () => {
    const [owner, me] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const tag = randomUUID().slice(0, 6);
    const made = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie']) made.push(await aModel(env.rpc, owner, { name: `${name} ${tag}` }));
    for (const model of made) {
      await env.rpc.call('shareModel', { actor: owner.actor, body: { id: model.id, changes: { email: me.user.email, role: 'viewer' } } });
      await env.rpc.call('toggleFavorite', { actor: me.actor, body: { modelId: model.id } });
    }
    const names = async () => [
      (await sharedWithMe(me, { sort: 'name ASC' })).data.map((s) => s.modelName),
      (await favorites(me, { sort: 'name ASC' })).data.map((f) => f.model.name),
    ];
    expect(await names()).toEqual([
      [`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`],
      [`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`],
    ]);

    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: made[0].id, changes: { name: `Zulu ${tag}` } } });
    const after = [`Bravo ${tag}`, `Charlie ${tag}`, `Zulu ${tag}`];
    await eventually(async () => expect(await names()).toEqual([after, after]));
    // The renamed model was changed last: it leads the lists by their last change.
    expect((await sharedWithMe(me, { sort: 'updatedAt DESC' })).data[0].modelId).toBe(made[0].id);
    expect((await favorites(me, { sort: 'updatedAt DESC' })).data[0].modelId).toBe(made[0].id);

    // The creation (version 1) delivered again, as if late: the copy at version 2 stays.
    const { ProjectSharedListsOnModelEvents } = require('../src/sharing/projections/project-shared-lists-on-model-events');
    const created = await q()
      .selectFrom('outbox')
      .select('payload')
      .where('type', '=', 'workspace.model.created.v1')
      .where('payload', '@>', JSON.stringify({ aggregateId: made[0].id }) as never)
      .executeTakeFirstOrThrow();
    await env.db.transaction().execute((trx) => ProjectSharedListsOnModelEvents.apply(trx, { ...(created.payload as object), eventId: randomUUID() }));
    expect(await names()).toEqual([after, after]);
    expect(
      await q().selectFrom('model_share_view').select(['model_name', 'model_version']).where('model_id', '=', made[0].id).executeTakeFirstOrThrow(),
    ).toEqual({ model_name: `Zulu ${tag}`, model_version: 2 });

    // Rebuilt from the state tables, the views are the same, copied columns included.
    const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
    const { ProjectModelSharesOnShareEvents } = require('../src/sharing/projections/project-model-shares-on-share-events');
    const { ProjectFavoritesOnFavoriteEvents } = require('../src/sharing/projections/project-favorites-on-favorite-events');
    const live = (view: 'model_share_view' | 'favorite_view') =>
      q().selectFrom(view).selectAll().where('user_id', '=', me.user.id).where('deleted_at', 'is', null).orderBy('id').execute();
    const before = [await live('model_share_view'), await live('favorite_view')];
    await rebuildProjection(env.db, 'workspace', ProjectModelSharesOnShareEvents);
    await rebuildProjection(env.db, 'workspace', ProjectFavoritesOnFavoriteEvents);
    expect([await live('model_share_view'), await live('favorite_view')]).toEqual(before);
    await countsMatchRows();

    // A deleted model leaves both lists at once (its shares and favorites end a moment later).
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: made[1].id } });
    await eventually(async () =>
      expect(await names()).toEqual([
        [`Charlie ${tag}`, `Zulu ${tag}`],
        [`Charlie ${tag}`, `Zulu ${tag}`],
      ]),
    );
    expect((await sharedWithMe(me)).total).toBe(2);
    expect((await favorites(me)).total).toBe(2);
    await countsMatchRows();
  });

  it('a favorite written from a copy read just before a rename ends with the new name: the rename waits for that write', async () => {
    const [owner, me] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    const tag = randomUUID().slice(0, 6);
    const model = await aModel(env.rpc, owner, { name: `Old ${tag}` });
    const { copiedFromState } = require('../src/sharing/projections/copied-model-columns') as typeof import('../src/sharing/projections/copied-model-columns');
    // A favorite projection in the middle of its write: it holds the model's lock and copied the model before the rename.
    let copied!: () => void;
    let release!: () => void;
    const wasCopied = new Promise<void>((resolve) => (copied = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const writer = env.db.transaction().execute(async (trx) => {
      const columns = await copiedFromState(trx, model.id, true, new Date());
      await trx
        .withSchema('workspace')
        .insertInto('favorite_view')
        .values({ id: hex(), user_id: me.user.id, model_id: model.id, created_at: new Date(), shared_with_user: false, ...columns } as never)
        .execute();
      copied();
      await released;
    });
    await wasCopied;

    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: model.id, changes: { name: `New ${tag}` } } });
    // The rename's shared-lists consumer looks for copies of the model now, while the write is not committed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await writer;

    const copy = () => q().selectFrom('favorite_view').select(['model_name', 'model_version']).where('model_id', '=', model.id).executeTakeFirstOrThrow();
    await eventually(async () => expect(await copy()).toEqual({ model_name: `New ${tag}`, model_version: 2 }));
  });
});
