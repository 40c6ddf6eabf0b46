import { Kysely, PostgresDialect, sql } from 'kysely';
import { registerPool } from '@kiln/service-kit';
import { Pool, QueryConfig } from 'pg';
import { aModel, aUser, SignedUp } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * Lists read totals from `model_counts` (kept by triggers on `model_view`) and read pages past the middle
 * backwards from the end (ADR 0014). Both must answer exactly what count(*) and OFFSET over the same rows
 * answer, whatever wrote the rows: commands, batch upserts, deletions, rebuilds.
 */
describe('workspace service: lists from counts and covering indexes', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const countsMatchRows = async () => {
    const counted = await sql<{ author_id: string; scope: string; live: number }>`
      SELECT author_id, scope, live::int AS live FROM workspace.model_counts WHERE live <> 0 ORDER BY 1, 2`.execute(env.db);
    const actual = await sql<{ author_id: string; scope: string; live: number }>`
      SELECT author_id, scope, count(*)::int AS live FROM workspace.model_view WHERE deleted_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2`.execute(env.db);
    expect(counted.rows).toEqual(actual.rows);
  };

  /** Inserts `count` live models of `owner` straight into the read model, many sharing a time and a name's letters. */
  async function seed(owner: SignedUp, count: number): Promise<void> {
    await sql`
      INSERT INTO workspace.model_view (id, name, author_id, created_at, updated_at, version)
      SELECT lpad(to_hex(g + ${Math.floor(Math.random() * 1e9)}), 24, '0'), (CASE WHEN g % 2 = 0 THEN 'part ' ELSE 'Part ' END) || (g % 7),
             ${owner.user.id}, timestamp '2026-01-01' + (g % 5) * interval '1 minute', timestamp '2026-02-01' + (g % 9) * interval '1 minute', 1
      FROM generate_series(1, ${count}) AS g`.execute(env.db);
  }

  it('answers every page, in every order, exactly as OFFSET over all rows does', async () => {
    const owner = await aUser(env.rpc);
    await seed(owner, 45);
    for (const [field, column] of [
      ['updatedAt', 'updated_at'],
      ['createdAt', 'created_at'],
      ['name', 'lower(name)'],
    ] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const expected = await sql<{ id: string }>`
          SELECT id FROM workspace.model_view WHERE author_id = ${owner.user.id} AND team_id IS NULL AND deleted_at IS NULL
          ORDER BY ${sql.raw(column)} ${sql.raw(direction)}, id ${sql.raw(direction)}`.execute(env.db);
        for (const [skip, limit] of [
          [0, 7],
          [7, 7],
          [21, 7],
          [23, 7],
          [38, 7],
          [40, 7],
          [44, 7],
          [45, 7],
          [60, 7],
          [0, 100],
          [30, 20],
        ]) {
          const page = await env.rpc.call('listModels', {
            actor: owner.actor,
            body: { sort: `${field} ${direction}`, skip: String(skip), limit: String(limit) },
          });
          expect({ field, direction, skip, ids: page.data.map((m) => m.id) }).toEqual({
            field,
            direction,
            skip,
            ids: expected.rows.slice(skip, skip + limit).map((r) => r.id),
          });
          expect(page.total).toBe(45);
        }
      }
    }
  });

  it('leaves out the ids asked for, from the page and from the total, even on the way back from the end', async () => {
    const owner = await aUser(env.rpc);
    await seed(owner, 30);
    const all = await env.rpc.call('listModels', { actor: owner.actor, body: { limit: '100' } });
    const left = [all.data[0].id, all.data[29].id, all.data[15].id];
    const where = JSON.stringify({ id: { nin: left } });
    const page = await env.rpc.call('listModels', { actor: owner.actor, body: { where, skip: '20', limit: '20' } });
    expect(page.total).toBe(27);
    expect(page.data.map((m) => m.id)).toEqual(
      all.data
        .filter((m) => !left.includes(m.id))
        .slice(20)
        .map((m) => m.id),
    );
  });

  it('says the total with the page, and also on a page past the end (a search counts its matches)', async () => {
    const owner = await aUser(env.rpc);
    await seed(owner, 12);
    const where = JSON.stringify({ name: { contains: 'part 3' } });
    const matching = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM workspace.model_view WHERE author_id = ${owner.user.id} AND deleted_at IS NULL AND name ILIKE '%part 3%'`.execute(env.db);
    const first = await env.rpc.call('listModels', { actor: owner.actor, body: { where, limit: '1' } });
    const past = await env.rpc.call('listModels', { actor: owner.actor, body: { where, skip: '50', limit: '5' } });
    expect([first.data.length, first.total, past.data.length, past.total]).toEqual([1, matching.rows[0].n, 0, matching.rows[0].n]);
    expect(matching.rows[0].n).toBeGreaterThan(1);
  });

  it('plans a personal page once per connection, and its generic plan reads only the page (first, middle, last)', async () => {
    const owner = await aUser(env.rpc);
    await seed(owner, 3000);
    // A team's rows beside them: the generic plan must still read the personal scope's index only.
    const team = await env.rpc.call('createTeam', { actor: owner.actor, body: { name: 'Plans' } });
    await sql`
      INSERT INTO workspace.model_view (id, name, author_id, team_id, created_at, updated_at, version)
      SELECT lpad(to_hex(g + 500000000), 24, '0'), 'team part ' || g, ${owner.user.id}, ${team.id}, now(), timestamp '2026-03-01' + g * interval '1 second', 1
      FROM generate_series(1, 3000) AS g`.execute(env.db);
    await sql`ANALYZE workspace.model_view`.execute(env.db);

    // The read model on one connection of its own, its named statements recorded on the way.
    const pool = new Pool({ connectionString: env.databaseUrl, max: 1 });
    pool.on('error', () => undefined); // the database is dropped with its connections at the end
    const named: QueryConfig[] = [];
    const recording = new Proxy(pool, {
      get: (target, property) =>
        property === 'query'
          ? (config: QueryConfig) => {
              named.push(config);
              return target.query(config);
            }
          : Reflect.get(target, property),
    });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    registerPool(db, recording);
    try {
      const { PgModelReadModel } = require('../src/models/adapters/pg-model.read-model') as typeof import('../src/models/adapters/pg-model.read-model');
      const reads = new PgModelReadModel(db);
      // A team's page and a search are planned anew each time: their plans depend on the team and the pattern.
      for (const where of [{ teamId: team.id }, { name: { contains: 'part 3' } }]) {
        named.length = 0;
        await reads.list(owner.user.id, { limit: 20, skip: 0, where } as never);
        expect({ where, named: named.length }).toEqual({ where, named: 0 });
      }
      for (const c of [{ skip: 0 }, { skip: 1500 }, { skip: 2980 }]) {
        named.length = 0;
        // Postgres tries custom plans five times before it settles on the generic one.
        for (let i = 0; i < 7; i++) expect((await reads.list(owner.user.id, { limit: 20, ...c } as never)).data).toHaveLength(20);
        const [statement] = named;
        const { rows } = await pool.query<{ generic_plans: number }>('SELECT generic_plans FROM pg_prepared_statements WHERE name = $1', [statement.name]);
        expect({ ...c, generic: rows[0]?.generic_plans > 0 }).toEqual({ ...c, generic: true });

        // The generic plan, run: no node reads more than a page's worth of rows (a `LIMIT $n` planned as a
        // tenth of the rows joined the page to all of them by a scan).
        type Plan = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows': number; Plans?: Plan[] };
        const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
        const client = await pool.connect();
        try {
          await client.query('SET plan_cache_mode = force_generic_plan');
          await client.query(`PREPARE generic_page AS ${statement.text}`);
          // EXPLAIN EXECUTE takes no bound parameters: the values go in as literals.
          const values = (statement.values ?? []).map((value) => client.escapeLiteral(String(value)));
          const explained = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE generic_page(${values.join(', ')})`);
          const plan = nodes((explained.rows[0]['QUERY PLAN'] as { Plan: Plan }[])[0].Plan);
          // Walking an index is expected for a middle page (OFFSET).
          const walks = c.skip === 1500;
          const heavy = plan
            .filter((n) => n['Node Type'] === 'Seq Scan' || (n['Actual Rows'] > 60 && !(walks && ['Index Only Scan', 'Result'].includes(n['Node Type']))))
            .map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Actual Rows']}`);
          expect({ ...c, heavy }).toEqual({ ...c, heavy: [] });
        } finally {
          await client.query('DEALLOCATE generic_page').catch(() => undefined);
          await client.query('RESET plan_cache_mode');
          client.release();
        }
      }
    } finally {
      await db.destroy();
    }
  });

  it('keeps the counts equal to the live rows through creates, renames, deletes, batch upserts and rebuilds', async () => {
    const owner = await aUser(env.rpc);
    const models = [];
    for (let i = 0; i < 4; i++) models.push(await aModel(env.rpc, owner));
    await env.rpc.call('updateModel', { actor: owner.actor, body: { id: models[0].id, changes: { name: 'Renamed' } } });
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: models[1].id } });
    await countsMatchRows();
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: {} })).total).toBe(3);

    // One statement inserting some rows and updating others (an upsert batch), one tombstoning some.
    await sql`
      INSERT INTO workspace.model_view (id, name, author_id, created_at, updated_at, version)
      VALUES (${models[2].id}, 'Batch renamed', ${owner.user.id}, now(), now(), 99), (lpad('abc', 24, '0'), 'Batch new', ${owner.user.id}, now(), now(), 1)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version`.execute(env.db);
    await sql`UPDATE workspace.model_view SET deleted_at = now() WHERE id IN (${models[3].id}, ${models[0].id})`.execute(env.db);
    await countsMatchRows();

    const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
    const { ProjectModelsOnModelEvents } = require('../src/models/projections/project-models-on-model-events');
    await rebuildProjection(env.db, 'workspace', ProjectModelsOnModelEvents);
    await countsMatchRows();
    await sql`TRUNCATE workspace.model_view`.execute(env.db);
    await countsMatchRows();
    await rebuildProjection(env.db, 'workspace', ProjectModelsOnModelEvents);
    await countsMatchRows();
    // The state still has models 0, 2 and 3 (the tombstones above were written to the read model only).
    expect((await env.rpc.call('listModels', { actor: owner.actor, body: {} })).total).toBe(3);
  });
});
