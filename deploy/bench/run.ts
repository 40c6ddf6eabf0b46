/**
 * `npm run bench`: starts Kiln on a fresh database (`kiln_bench_<hex>`) and a NATS namespace of its own,
 * seeds users with 1,000, 10,000 and 100,000 models, measures the full paths (lists, search, pushes one at a
 * time and at 100 commands per second, rebuild) and bare baselines in the same run, prints the table and
 * each goal, then stops the stack, drops the database and deletes the namespace's streams. Then it times a
 * cold `npm start` in a fresh clone and reads its idle memory, and reports the first-load bytes of the web
 * build. Never touches dev data. Sample counts scale with KILN_BENCH_SCALE (default 1; e.g. 0.2 for a quick look).
 * See docs/benchmarks.md.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connect } from 'nats';
import { Pool } from 'pg';
import { startStack, throwawayStackOptions } from '../src/stack';
import {
  BASELINE_MEANINGS,
  BASELINE_NAMES as B,
  httpHello,
  jetStreamPublish,
  natsRequestReply,
  pgPageAndCount,
  pgPrimaryKeySelect,
  socketIoRoundTrip,
} from './baselines';
import { commandToSecondClient, ListCase, listOperation, registerUser, seedModels, settleDatabase, waitForUserView } from './kiln';
import { measureFirstLoad, renderFirstLoad } from './first-load';
import { IDLE_MEMORY_GOAL_MIB, measureNpmStart, renderIdleMemory } from './idle-memory';
import { BARE_PUSH_CHAIN, BARE_PUSH_CHAIN_MEANING, barePushChain, loadOptions, sustainedPushLoad } from './push-load';
import { rebuildRates } from './rebuild';
import { commerceRebuildRates, INVENTORY, inventoryListOperation, seedMaterials } from './business';
import { ORDERS_LARGE, ORDERS_SMALL, ordersListOperation, pricingBench, reportsOperation, seedOrders } from './orders';
import { pluginPipelineBench, removeStorage, renderPluginPipeline } from './plugin-pipeline';
import { renderUpload, uploadBench } from './upload';
import { renderThumbnails, thumbnailBenchInChild } from './thumbnails';
import { renderReplay, replayBench } from './replay';
import { BENCH_RECEIVER_HOST, renderWebhooks, webhooksBench } from './webhooks';
import { notificationCountOperation, seedNotifications, seedShares, sharedWithMeOperation } from './workspace-core';
import { Comparison, composite, Composite, renderReport } from './report';
import { MeasureOptions, measureInterleaved, Summary } from './stats';

const MODELS = 10_000;
const PAGES = [0, 380, 9980]; // first page, page 20, last page (page 500)
/** Flat in data size: a user with 1,000 models against one with 100,000, first and last page. */
const SMALL = 1_000;
const LARGE = 100_000;
/** Matches 10 of the large user's models (`Seeded model 004240` … `004249`). */
const SEARCH = 'model 00424';
/** The bell: a user with 10,000 notifications, one in ten unread. */
const NOTIFICATIONS = 10_000;
const UNREAD_EVERY = 10;
const scale = Number(process.env.KILN_BENCH_SCALE ?? '1') || 1;
const n = (warmup: number, samples: number): MeasureOptions => ({
  warmup: Math.max(5, Math.round(warmup * scale)),
  samples: Math.max(20, Math.round(samples * scale)),
});
const BASELINE_RUN = n(200, 2000);
const LIST_RUN = n(50, 400);
const PUSH_RUN = n(30, 300);
const REBUILD_EVENTS = Math.round(100_000 * Math.min(1, scale));
/** Events replayed over GET /api/events beside a raw JetStream consumer (issue 21, ADR 0066). */
const REPLAY_EVENTS = Math.round(20_000 * Math.min(1, scale));
/** Webhook deliveries beside bare signed POSTs to the same receiver (issue 21, ADR 0067). */
const WEBHOOK_EVENTS = Math.round(5_000 * Math.min(1, scale));

const say = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<void> {
  const began = Date.now();
  const throwaway = throwawayStackOptions('bench');
  const { namespace, freshDatabase: database } = throwaway;
  const logPath = path.join(os.tmpdir(), `kiln-bench-${namespace}.log`);
  const logFile = fs.openSync(logPath, 'w');
  say(`starting the stack (database ${database}, namespace ${namespace}, children's output in ${logPath})`);
  // Uploads and deployed plugins of the run go to a folder of its own, never the dev storage.
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-storage-'));
  const stack = await startStack({
    ...throwaway,
    // The webhooks bench's receiver listens on a loopback address the stack must allow (ADR 0067).
    env: { ...throwaway.env, KILN_STORAGE_DIR: storageDir, KILN_WEBHOOK_ALLOW_HOSTS: BENCH_RECEIVER_HOST },
    handleSignals: true, // Ctrl-C still drops the database and the streams
    childLog: (line) => fs.writeSync(logFile, `${line}\n`),
    log: (line) => {
      fs.writeSync(logFile, `[kiln] ${line}\n`);
      say(`[kiln] ${line}`);
    },
    // A child that dies is restarted by the stack; its figures would be skewed, so say it loudly.
    onCrash: (exit) => console.error(`[bench] ${exit.name} died and is being restarted: figures of this run are not reliable; see ${logPath}`),
  });
  const pool = new Pool({ connectionString: stack.databaseUrl, max: 2 });
  try {
    const machine = await describeMachine(pool, stack.natsUrl);
    say(`stack up in ${((Date.now() - began) / 1000).toFixed(1)} s at ${stack.url}`);

    const user = await registerUser(stack.url);
    await waitForUserView(pool, user.id);
    const seedStart = Date.now();
    const ids = await seedModels(pool, user.id, MODELS);
    say(`seeded ${MODELS} models for user ${user.id} in ${Date.now() - seedStart} ms (setup, not measured)`);
    const small = await registerUser(stack.url);
    const large = await registerUser(stack.url);
    await waitForUserView(pool, small.id);
    await waitForUserView(pool, large.id);
    const sizesStart = Date.now();
    await seedModels(pool, small.id, SMALL);
    await seedModels(pool, large.id, LARGE);
    say(`seeded ${SMALL} and ${LARGE} models for two more users in ${Date.now() - sizesStart} ms (setup, not measured)`);
    // Shared with me: the 10k user's models shared with one more person; the bell: 10k notifications for the 10k user.
    const recipient = await registerUser(stack.url);
    await waitForUserView(pool, recipient.id);
    const coreStart = Date.now();
    await seedShares(pool, user.id, recipient, ids);
    await seedNotifications(pool, user.id, NOTIFICATIONS, UNREAD_EVERY);
    say(`seeded ${ids.length} shares and ${NOTIFICATIONS} notifications in ${Date.now() - coreStart} ms (setup, not measured)`);

    await settleDatabase(pool, say);
    const loadBefore = os.loadavg()[0];
    say(`baselines: ${BASELINE_RUN.warmup} warm-up + ${BASELINE_RUN.samples} samples each`);
    const baselines: Summary[] = [
      await httpHello(BASELINE_RUN),
      await natsRequestReply(stack.natsUrl, namespace, BASELINE_RUN),
      await pgPrimaryKeySelect(stack.databaseUrl, ids, BASELINE_RUN),
      await pgPageAndCount(stack.adminDatabaseUrl, MODELS, BASELINE_RUN),
      await jetStreamPublish(stack.natsUrl, namespace, BASELINE_RUN),
      await socketIoRoundTrip(BASELINE_RUN),
      await barePushChain(stack.adminDatabaseUrl, stack.natsUrl, namespace, BASELINE_RUN),
    ];

    const sizeCases: [typeof user, ListCase][] = [
      [small, { skip: 0, expect: 20, minTotal: SMALL, name: `list 1k first` }],
      [small, { skip: SMALL - 20, expect: 20, minTotal: SMALL, name: `list 1k last` }],
      [large, { skip: 0, expect: 20, minTotal: LARGE, name: `list 100k first` }],
      [large, { skip: LARGE - 20, expect: 20, minTotal: LARGE, name: `list 100k last` }],
      [large, { skip: LARGE / 2, expect: 20, minTotal: LARGE, name: `list 100k middle` }],
      [large, { skip: 0, expect: 10, minTotal: 10, contains: SEARCH, name: `search 100k` }],
    ];
    // All list cases take turns sample by sample, so their ratios to each other hold even on a busy machine.
    say(
      `lists: ${LIST_RUN.warmup} warm-up + ${LIST_RUN.samples} samples per case, cases in turns: 10k skip ${PAGES.join(', ')}; ` +
        `${sizeCases.map(([, c]) => c.name).join(', ')}`,
    );
    const measured = await measureInterleaved(
      [
        ...PAGES.map((skip) => listOperation(stack.url, user, { skip, expect: 20, minTotal: MODELS })),
        ...sizeCases.map(([who, c]) => listOperation(stack.url, who, c)),
        notificationCountOperation(stack.url, user, NOTIFICATIONS / UNREAD_EVERY),
        sharedWithMeOperation(stack.url, recipient, ids.length),
        // The first page again, as a case of its own: how far two equal cases land apart in this run
        // (the noise that "the deep page no slower than the first" is judged within).
        listOperation(stack.url, user, { skip: 0, expect: 20, minTotal: MODELS, name: 'list-models skip=0, again' }),
      ],
      LIST_RUN,
    );
    const lists = measured.slice(0, PAGES.length);
    const sizes = measured.slice(PAGES.length, PAGES.length + sizeCases.length);
    const [notificationCount, sharedWithMe, firstPageAgain] = measured.slice(PAGES.length + sizeCases.length);

    say(`push: ${PUSH_RUN.warmup} warm-up + ${PUSH_RUN.samples} renames`);
    const { push, command } = await commandToSecondClient(stack.url, user, PUSH_RUN);
    await settleDatabase(pool, say);
    const load = loadOptions(scale);
    say(`push under load: ${load.perSecond} renames per second for ${load.durationMs / 1000} s (open loop)`);
    const sustained = await sustainedPushLoad(stack.url, user, load);
    sustained.push.name = `push at ${load.perSecond}/s`;
    sustained.command.name = `PATCH at ${load.perSecond}/s`;
    const loadAfter = os.loadavg()[0];

    say(`rebuild: ${REBUILD_EVENTS} events, raw consume then the model projection replaying them`);
    const rebuild = await rebuildRates({ natsUrl: stack.natsUrl, databaseUrl: stack.adminDatabaseUrl, count: REBUILD_EVENTS, say });

    // The business dashboard (issue 8): inventory list beside the list baseline, commerce rebuild beside raw consume.
    const seller = await registerUser(stack.url);
    await seedMaterials(stack.url, pool, seller, INVENTORY);
    say(`inventory: ${INVENTORY} materials seeded; ${LIST_RUN.warmup} warm-up + ${LIST_RUN.samples} samples`);
    const [inventoryList] = await measureInterleaved([inventoryListOperation(stack.url, seller, INVENTORY)], LIST_RUN);
    // Orders and quotes (issue 19, ADR 0057): the orders list and /reports at 1,000 and 100,000 orders, in turns; pricing in process.
    const [orderSmall, orderLarge] = [await registerUser(stack.url), await registerUser(stack.url)];
    await waitForUserView(pool, orderSmall.id);
    await waitForUserView(pool, orderLarge.id);
    await seedOrders(stack.url, pool, orderSmall, ORDERS_SMALL);
    await seedOrders(stack.url, pool, orderLarge, ORDERS_LARGE);
    say(`orders: ${ORDERS_SMALL} and ${ORDERS_LARGE} orders seeded; ${LIST_RUN.warmup} warm-up + ${LIST_RUN.samples} samples per case, in turns`);
    const [ordersSmall, ordersLarge, reportsSmall, reportsLarge, reportsSmallAgain] = await measureInterleaved(
      [
        ordersListOperation(stack.url, orderSmall, ORDERS_SMALL),
        ordersListOperation(stack.url, orderLarge, ORDERS_LARGE),
        reportsOperation(stack.url, orderSmall, ORDERS_SMALL),
        reportsOperation(stack.url, orderLarge, ORDERS_LARGE),
        { ...reportsOperation(stack.url, orderSmall, ORDERS_SMALL), name: `order reports ${ORDERS_SMALL / 1000}k, again` },
      ],
      LIST_RUN,
    );
    const pricing = pricingBench(n(200, 2000).samples);
    say(`commerce rebuild: ${REBUILD_EVENTS} catalog-item events, raw consume, live replay, then rebuild from the events table`);
    const commerceRebuild = await commerceRebuildRates({ natsUrl: stack.natsUrl, databaseUrl: stack.adminDatabaseUrl, count: REBUILD_EVENTS, say });

    // The plugin pipeline (issue 9): its wall time beside a bare npm install && npm run build of the same files.
    say('plugin pipeline: the fixture plugin published through the API, then a bare npm install && npm run build, in turns');
    const pluginPipeline = await pluginPipelineBench(stack.url, say).catch((error: Error) => error);

    // Uploads (issue 18): a 200 MB .glb through POST /api/upload beside a bare server writing the same body to disk.
    say('upload: a 200 MB .glb through the API, then the same body to a bare Node server piping it to disk, in turns');
    const upload = await uploadBench(stack.url, seller, stack.pids, say).catch((error: Error) => error);

    // Image thumbnails (issue 18, ADR 0053): the assets service's processing beside sharp alone on the same images, in turns.
    say('thumbnails: 6 MP JPEGs through the processing path (storage port, sharp, derived file), then sharp alone, in turns');
    const thumbnails = await thumbnailBenchInChild(say).catch((error: Error) => error);

    // Replay over HTTP (issue 21, ADR 0066): GET /api/events page by page beside a raw JetStream consumer of the same events, in turns.
    say(`replay: ${REPLAY_EVENTS} model events journaled, then a raw JetStream consumer and GET /api/events read them all, in turns`);
    const replay = await replayBench({ url: stack.url, natsUrl: stack.natsUrl, namespace, databaseUrl: stack.databaseUrl, count: REPLAY_EVENTS, say }).catch(
      (error: Error) => error,
    );

    // Webhook deliveries (issue 21, ADR 0067) beside bare signed POSTs to the same local receiver, in turns.
    say(`webhooks: ${WEBHOOK_EVENTS} model events delivered to a local receiver, then signed and POSTed bare, in turns`);
    const webhooks = await webhooksBench({
      url: stack.url,
      natsUrl: stack.natsUrl,
      namespace,
      databaseUrl: stack.databaseUrl,
      count: WEBHOOK_EVENTS,
      say,
    }).catch((error: Error) => error);

    const composites: Composite[] = [
      { name: 'query-baseline', parts: [B.http, B.nats, B.pg] },
      { name: 'list-baseline', parts: [B.http, B.nats, B.pgPage] },
      { name: 'push-baseline', parts: [B.http, B.js, B.socket] },
      { name: 'push-chain', parts: [BARE_PUSH_CHAIN] },
    ];
    const comparisons: Comparison[] = [
      ...lists.map((metric, i) => ({
        metric,
        against: 'list-baseline',
        meaning:
          `GET /api/workspace/model?skip=${PAGES[i]}&limit=20&sort=updatedAt DESC&populate=["author"] of a user with ${MODELS} models, ` +
          'bearer token, fetch keep-alive, body parsed: HTTP → BFF (session from its cache) → NATS → workspace service → Postgres read model ' +
          '(page + kept count + people)',
      })),
      ...sizes.map((metric, i) => ({
        metric,
        against: 'list-baseline',
        meaning:
          `the same GET for a user with ${sizeCases[i][0] === large ? LARGE : SMALL} models, ` +
          `skip=${sizeCases[i][1].skip}${sizeCases[i][1].contains ? `, where name contains "${SEARCH}" (10 matches)` : ''}`,
      })),
      {
        metric: firstPageAgain,
        against: 'list-baseline',
        meaning: 'the first page of the 10k user again, a case of its own in the same turns: how far two equal cases land apart in this run',
      },
      {
        metric: inventoryList,
        against: 'list-baseline',
        meaning:
          `GET /api/workspace/business-material?limit=20&sort={"updatedAt":-1} of a user with ${INVENTORY} materials: the inventory's ` +
          `first page and total (HTTP → BFF → NATS → commerce → business_material_view)`,
      },
      ...[ordersSmall, ordersLarge].map((metric, i) => ({
        metric,
        against: 'list-baseline',
        meaning:
          `GET /api/workspace/business-order?limit=10&sort={"updatedAt":-1} of a seller with ${i ? ORDERS_LARGE : ORDERS_SMALL} orders: the orders ` +
          `list's first page and total (HTTP → BFF → NATS → commerce → business_order_view and the kept counts)`,
      })),
      ...[reportsSmall, reportsLarge, reportsSmallAgain].map((metric, i) => ({
        metric,
        against: 'query-baseline',
        meaning:
          `GET /api/workspace/business-order/reports of a seller with ${i === 1 ? ORDERS_LARGE : ORDERS_SMALL} orders: new, monthly and yearly ` +
          `from the reports projection's rows${i === 2 ? ' (measured twice in the same turns: the noise)' : ''}`,
      })),
      {
        metric: notificationCount,
        against: 'query-baseline',
        meaning:
          `GET /api/notification/user-notification/count of a user with ${NOTIFICATIONS} notifications ` +
          `(${NOTIFICATIONS / UNREAD_EVERY} unread): the bell on every page load`,
      },
      {
        metric: sharedWithMe,
        against: 'list-baseline',
        meaning:
          `GET /api/workspace/shared-model/my?limit=20 of a user ${ids.length} models are shared with: first page with each model, ` +
          `its role and who shared it`,
      },
      {
        metric: push,
        against: 'push-chain',
        meaning:
          'from just before client A sends PATCH /api/workspace/model/:id {name} to the moment client B (a second socket.io connection of the same user) ' +
          'receives the matching workspace-model update: BFF → NATS → workspace (write + outbox in one transaction) → published right after ' +
          'the commit → JetStream → BFF consumer → socket.io',
      },
      {
        metric: sustained.push,
        against: 'push-chain',
        meaning:
          `the same path while client A starts ${load.perSecond} renames per second on schedule for ${load.durationMs / 1000} s over ` +
          `100 models (open loop; achieved ${sustained.achievedPerSecond.toFixed(1)}/s, ${sustained.failures} failures)`,
      },
      {
        metric: sustained.command,
        against: 'push-chain',
        meaning: "A's PATCH answers during that load",
      },
      {
        metric: command,
        against: 'query-baseline',
        meaning: "A's own PATCH response time in the same iterations (the command's HTTP answer; the write path, compared with the read-path baseline)",
      },
    ];

    console.log('');
    console.log(`Kiln benchmark — ${new Date().toISOString()}`);
    console.log(machine);
    console.log(
      `load average (1 min) before measuring ${loadBefore.toFixed(2)}, after ${loadAfter.toFixed(2)} — above the core count, other work competed for the CPUs`,
    );
    console.log('');
    console.log(renderReport({ baselines, composites, comparisons }));
    console.log('');
    const p50 = (name: string) => [...lists, ...sizes].find((m) => m.name === name)!.p50;
    const goal = (label: string, value: number, limit: number, better: 'below' | 'above' = 'below') =>
      console.log(
        `- ${label}: ${value.toFixed(2)} (goal ${better === 'below' ? '≤' : '≥'} ${limit}) ` +
          `${(better === 'below' ? value <= limit : value >= limit) ? 'met' : 'NOT MET'}`,
      );
    const listBaseline = composite(
      composites.find((c) => c.name === 'list-baseline')!,
      baselines,
    ).p50;
    console.log('Reads and rebuilds against their goals:');
    goal('list p50 / list-baseline p50 (10k, first page)', p50(`list-models skip=0`) / listBaseline, 2);
    const queryBaseline = composite(
      composites.find((c) => c.name === 'query-baseline')!,
      baselines,
    ).p50;
    // The workspace-core issue asks for these paths in the bench without a goal of their own: shown beside the list goal.
    console.log(
      `- notification count p50 ${notificationCount.p50.toFixed(2)} ms = ${(notificationCount.p50 / queryBaseline).toFixed(2)}× ` +
        `query-baseline (no goal of its own; lists aim at ≤ 2×)`,
    );
    console.log(
      `- shared-with-me first page p50 ${sharedWithMe.p50.toFixed(2)} ms = ${(sharedWithMe.p50 / listBaseline).toFixed(2)}× list-baseline ` +
        `(no goal of its own; lists aim at ≤ 2×)`,
    );
    // Equal costs measured twice differ by chance: "no slower" is judged within what two measurements
    // of the very same first page differed by in these same turns.
    const deepToFirst = p50(`list-models skip=9980`) / p50(`list-models skip=0`);
    const noise = Math.abs(firstPageAgain.p50 / p50(`list-models skip=0`) - 1);
    console.log(
      `- deep page / first page p50 (10k, skip 9980): ${deepToFirst.toFixed(3)} (goal ≤ 1 within this run's noise: the first page measured ` +
        `twice in the same turns ` +
        `differed by ${(noise * 100).toFixed(1)} %, so ≤ ${(1 + noise).toFixed(3)}) ${deepToFirst <= 1 + noise ? 'met' : 'NOT MET'}`,
    );
    goal('100k / 1k p50, first page', p50('list 100k first') / p50('list 1k first'), 1.2);
    goal('100k / 1k p50, last page', p50('list 100k last') / p50('list 1k last'), 1.2);
    console.log(
      `- search at 100k p50 ${p50('search 100k').toFixed(2)} ms; middle page at 100k p50 ${p50('list 100k middle').toFixed(2)} ms (no goal: ` +
        `an index-only walk of half the rows)`,
    );
    console.log(
      `- rebuild of ${rebuild.events} events: raw JetStream consume ${Math.round(rebuild.rawPerSecond)} events/s, model projection replay ` +
        `${Math.round(rebuild.rebuildPerSecond)} events/s`,
    );
    goal('rebuild rate / raw consume rate', rebuild.rebuildPerSecond / rebuild.rawPerSecond, 0.3, 'above');
    console.log(
      `- inventory list p50 ${inventoryList.p50.toFixed(2)} ms = ${(inventoryList.p50 / listBaseline).toFixed(2)}× list-baseline (lists aim at ≤ 2×)`,
    );
    console.log(
      `- commerce: ${commerceRebuild.events} catalog-item events: raw JetStream consume ${Math.round(commerceRebuild.rawPerSecond)} events/s, ` +
        `catalog projection live replay ${Math.round(commerceRebuild.replayPerSecond)} events/s, rebuild from the events table ` +
        `${Math.round(commerceRebuild.rebuildPerSecond)} events/s`,
    );
    goal('commerce rebuild rate / raw consume rate', commerceRebuild.rebuildPerSecond / commerceRebuild.rawPerSecond, 0.3, 'above');
    console.log('Orders and quotes (issue 19):');
    goal('orders list 100k p50 / list-baseline p50 (first page)', ordersLarge.p50 / listBaseline, 2);
    goal('orders list 100k / 1k p50 (first page)', ordersLarge.p50 / ordersSmall.p50, 1.2);
    const reportsNoise = Math.abs(reportsSmallAgain.p50 / reportsSmall.p50 - 1);
    const reportsRatio = reportsLarge.p50 / reportsSmall.p50;
    console.log(
      `- reports 100k / 1k p50: ${reportsRatio.toFixed(3)} (goal ≤ 1 within this run's noise: 1k measured twice differed by ` +
        `${(reportsNoise * 100).toFixed(1)} %, so ≤ ${(1 + reportsNoise).toFixed(3)}) ${reportsRatio <= 1 + reportsNoise ? 'met' : 'NOT MET'}`,
    );
    goal(`quote pricing of a 50-line recipe p50 ms (p99 ${pricing.p99.toFixed(3)} ms)`, pricing.p50, 5);
    const chain = baselines.find((b) => b.name === BARE_PUSH_CHAIN)!;
    console.log('Pushes against their goals (ratios to the bare push chain):');
    goal('push p50 / bare chain p50, one command at a time', push.p50 / chain.p50, 6);
    goal(`push p50 / bare chain p50 at ${load.perSecond}/s`, sustained.push.p50 / chain.p50, 6);
    goal(`push p99 / bare chain p99 at ${load.perSecond}/s`, sustained.push.p99 / chain.p99, 25);
    if (sustained.failures > 0 || sustained.achievedPerSecond < load.perSecond * 0.95)
      console.log(`- the load was NOT sustained: ${sustained.achievedPerSecond.toFixed(1)}/s, ${sustained.failures} failures`);
    console.log('');
    console.log(pluginPipeline instanceof Error ? `Plugin pipeline: not measured (${pluginPipeline.message})` : renderPluginPipeline(pluginPipeline));
    console.log('');
    console.log(upload instanceof Error ? `Upload: not measured (${upload.message})` : renderUpload(upload));
    console.log('');
    console.log(thumbnails instanceof Error ? `Image thumbnails: not measured (${thumbnails.message})` : renderThumbnails(thumbnails));
    console.log('');
    console.log('Replay over HTTP (issue 21):');
    console.log(replay instanceof Error ? `- not measured (${replay.message})` : renderReplay(replay));
    console.log('');
    console.log('Webhooks (issue 21):');
    console.log(webhooks instanceof Error ? `- not measured (${webhooks.message})` : renderWebhooks(webhooks));
    console.log('');
    try {
      console.log(renderFirstLoad(await measureFirstLoad()));
    } catch (error) {
      console.log(`first load: not measured (${(error as Error).message})`);
    }
    console.log('');
    console.log('Baselines:');
    const meanings: Record<string, string> = { ...BASELINE_MEANINGS, [BARE_PUSH_CHAIN]: BARE_PUSH_CHAIN_MEANING };
    for (const b of baselines) console.log(`- ${b.name}: ${meanings[b.name]}`);
    console.log('');
    console.log('Every sample is one operation with nothing else in flight (closed loop, concurrency 1); percentiles are nearest-rank.');
  } finally {
    await pool.end().catch(() => undefined);
    await stack.stop();
    removeStorage(storageDir);
    fs.closeSync(logFile);
    say(`done in ${((Date.now() - began) / 1000).toFixed(1)} s (database ${database} dropped, streams of ${namespace} deleted)`);
  }
  // Alone, after the measured stack is gone: what a user's `npm start` in a fresh clone takes.
  say('cold npm start in a fresh clone of HEAD (installed packages, nothing built): time to health, then idle memory');
  const start = await measureNpmStart({ cold: true });
  console.log('');
  console.log(`Cold npm start: healthy after ${(start.startMs / 1000).toFixed(1)} s (goal < 10 s) ${start.startMs < 10_000 ? 'met' : 'NOT MET'}`);
  console.log(`Idle memory of everything npm start runs (goal ≤ ${IDLE_MEMORY_GOAL_MIB} MiB):`);
  console.log(renderIdleMemory(start.memory));
}

async function describeMachine(pool: Pool, natsUrl: string): Promise<string> {
  const { rows } = await pool.query<{ server_version: string }>('SHOW server_version');
  const nc = await connect({ servers: natsUrl, name: 'kiln-bench-info' });
  const natsVersion = nc.info?.version ?? '?';
  await nc.close();
  const cpus = os.cpus();
  return (
    `machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}; ` +
    `Node ${process.version}; Postgres ${rows[0].server_version}; nats-server ${natsVersion}`
  );
}

main().catch((error) => {
  console.error(`[bench] failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
});
