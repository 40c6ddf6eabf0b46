import { nanos } from 'nats';
import { ensureStream, nsName, readStreamSettings } from '../src';
import { KitEnv, startKitEnv } from './support/kit-env';

/**
 * A stream's retention and replicas come from configuration when it is created; afterwards the operator
 * owns them: a boot adds missing subjects and never resets what was changed on the server.
 */
describe('service kit: ensureStream', () => {
  let env: KitEnv;
  beforeAll(async () => {
    env = await startKitEnv();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('reads retention and replicas from the environment (seconds or a duration)', () => {
    expect(readStreamSettings({ KILN_STREAM_MAX_AGE: '3600', KILN_STREAM_MAX_BYTES: '1048576', KILN_STREAM_REPLICAS: '3' })).toEqual({
      maxAgeMs: 3_600_000,
      maxBytes: 1_048_576,
      replicas: 3,
    });
    expect(readStreamSettings({ KILN_STREAM_MAX_AGE: '30d' }).maxAgeMs).toBe(30 * 86_400_000);
    expect(readStreamSettings({ KILN_STREAM_MAX_AGE: '12h' }).maxAgeMs).toBe(12 * 3_600_000);
    expect(() => readStreamSettings({ KILN_STREAM_REPLICAS: 'three' })).toThrow('KILN_STREAM_REPLICAS');
  });

  it('creates the stream with the configured retention', async () => {
    const spec = { name: 'KIT_CREATED', subjects: ['evt.kitcreated.>'] };
    await ensureStream(env.jsm, spec, { maxAgeMs: 3_600_000, maxBytes: 10_000_000, replicas: 1 });

    const { config } = await env.jsm.streams.info(nsName(spec.name));
    expect(config.max_age).toBe(nanos(3_600_000));
    expect(config.max_bytes).toBe(10_000_000);
    expect(config.num_replicas).toBe(1);
  });

  it('keeps what an operator changed on an existing stream when the service boots again', async () => {
    const spec = { name: 'KIT_OPERATED', subjects: ['evt.kitoperated.>'] };
    const settings = { maxAgeMs: 3_600_000, maxBytes: -1, replicas: 1 };
    const name = await ensureStream(env.jsm, spec, settings);
    // The operator keeps two hours, at most 1,000 messages, a 10 min dedupe window, and also captures
    // an audit subject in this stream (as `nats stream edit` would).
    const { config } = await env.jsm.streams.info(name);
    const audit = `${process.env.KILN_NAMESPACE}.audit.kitoperated.>`;
    await env.jsm.streams.update(name, {
      ...config,
      max_age: nanos(7_200_000),
      max_msgs: 1000,
      max_bytes: 50_000_000,
      duplicate_window: nanos(600_000),
      subjects: [...config.subjects, audit],
    });

    await ensureStream(env.jsm, spec, settings);

    const after = (await env.jsm.streams.info(name)).config;
    expect(after.max_age).toBe(nanos(7_200_000));
    expect(after.max_msgs).toBe(1000);
    expect(after.max_bytes).toBe(50_000_000);
    expect(after.duplicate_window).toBe(nanos(600_000));
    expect(after.subjects).toContain(audit);
  });

  it('adds a subject the stream lacks, keeping the rest', async () => {
    const name = await ensureStream(env.jsm, { name: 'KIT_GROWN', subjects: ['evt.kitgrown.>'] }, { maxAgeMs: 0, maxBytes: -1, replicas: 1 });
    const { config } = await env.jsm.streams.info(name);
    await env.jsm.streams.update(name, { ...config, max_msgs: 500 });

    await ensureStream(env.jsm, { name: 'KIT_GROWN', subjects: ['evt.kitgrown.>', 'evt.kitgrown2.>'] }, { maxAgeMs: 0, maxBytes: -1, replicas: 1 });

    const after = (await env.jsm.streams.info(name)).config;
    expect(after.subjects.sort()).toEqual([`${process.env.KILN_NAMESPACE}.evt.kitgrown.>`, `${process.env.KILN_NAMESPACE}.evt.kitgrown2.>`].sort());
    expect(after.max_msgs).toBe(500);
  });
});
