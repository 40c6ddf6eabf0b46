import { PLUGIN_ACTION_NAMES, PluginRegistryEvents, PluginVersionSnapshot } from '@kiln/contracts';
import { parseEvent } from '@kiln/service-kit/realtime';
import { PushWorld } from './support/push-world';
import { anId } from './support/realtime-events';

/**
 * The routing of the plugin channels (spec 001 §4; ADR 0025), pure like realtime-routing-business: events
 * are read from their JSON text as the feed reads the plugin-registry stream, and each socket receives what
 * its rooms allow. Everything about a version reaches its plugin's author only; strangers nothing.
 * (uploads.medium.spec.ts checks the same over the real stack, with a real pipeline.)
 */
const at = () => new Date().toISOString();

function aVersion(authorId: string, revision: number, status: 'scheduled' | 'running' | 'pending' = 'pending'): PluginVersionSnapshot {
  const pluginId = anId();
  const id = anId();
  return {
    id,
    pluginId,
    bgpmPluginId: pluginId,
    packageId: '@kiln/gears',
    version: '1.0.0',
    status: 'pending',
    publishedAt: null,
    mediaId: null,
    running: status !== 'pending',
    provenance: null,
    createdAt: at(),
    updatedAt: at(),
    authorId,
    attempt: 0,
    revision,
    actions: PLUGIN_ACTION_NAMES.map((action) => ({
      id: `${id}:${action}`,
      action,
      status,
      scheduledAt: null,
      runAt: null,
      finnishAt: null,
      updatedAt: at(),
      duration: null,
      version: '1.0.0',
      pluginId,
      createdAt: at(),
    })),
  };
}

function event(type: keyof typeof PluginRegistryEvents, data: object): string {
  const raw = {
    eventId: anId(),
    type,
    aggregateType: 'plugin-version',
    aggregateId: anId(),
    occurredAt: at(),
    actorId: null,
    correlationId: anId(),
    causationId: null,
    data,
  };
  return JSON.stringify(PluginRegistryEvents[type].parse(raw));
}

describe('plugin channels', () => {
  it("a version's changes, its steps and its logs reach the plugin's author, and a stranger never", () => {
    const world = new PushWorld();
    const author = world.connect(anId());
    const stranger = world.connect(anId());
    const created = aVersion(author.userId, 1);
    world.receive(event('plugin-registry.version.created.v1', { version: created }));
    const started = { ...aVersion(author.userId, 2, 'scheduled'), id: created.id, pluginId: created.pluginId, bgpmPluginId: created.pluginId };
    world.receive(event('plugin-registry.version.pipeline-started.v1', { version: started, jobId: 'job-1', attempt: 1 }));
    const unzipping = { ...started, revision: 3, actions: started.actions.map((a) => (a.action === 'unzip' ? { ...a, status: 'running' as const } : a)) };
    world.receive(event('plugin-registry.version.action-changed.v1', { version: unzipping, action: 'unzip' }));
    world.receive(
      event('plugin-registry.log.written.v1', {
        authorId: author.userId,
        log: { id: anId(), message: 'unzipping', level: 'info', action: 'unzip', createdAt: at(), pluginId: created.pluginId, version: '1.0.0', seq: 1 },
      }),
    );

    const summary = author.seen.map((m) => [
      m.channel,
      m.verb,
      m.channel === 'bgpm-plugin-action' ? `${m.data.action}:${m.data.status}` : m.channel === 'bgpm-plugin-log' ? m.data.message : m.data.running,
    ]);
    expect(summary).toEqual([
      ['bgpm-plugin-version', 'create', false],
      ...PLUGIN_ACTION_NAMES.map((a) => ['bgpm-plugin-action', 'create', `${a}:pending`]),
      ['bgpm-plugin-version', 'update', true],
      ...PLUGIN_ACTION_NAMES.map((a) => ['bgpm-plugin-action', 'update', `${a}:scheduled`]),
      ['bgpm-plugin-version', 'update', true],
      ['bgpm-plugin-action', 'update', 'unzip:running'],
      ['bgpm-plugin-log', 'create', 'unzipping'],
    ]);
    // The version as its channel carries it: no bookkeeping of the event.
    expect(author.seen[0]!.data).not.toHaveProperty('authorId');
    expect(author.seen[0]!.data).not.toHaveProperty('actions');
    expect(stranger.seen).toEqual([]);
  });

  it('drops a repeated or older version event; a deleted version stays deleted', () => {
    const world = new PushWorld();
    const author = world.connect(anId());
    const v = aVersion(author.userId, 1);
    const created = event('plugin-registry.version.created.v1', { version: v });
    world.receive(created);
    world.receive(created);
    world.receive(event('plugin-registry.version.deleted.v1', { version: { ...v, revision: 2 } }));
    world.receive(event('plugin-registry.version.zip-assigned.v1', { version: { ...v, revision: 1 }, mediaId: anId() }));
    expect(author.seen.filter((m) => m.channel === 'bgpm-plugin-version').map((m) => m.verb)).toEqual(['create', 'delete']);
  });

  it('plugin events themselves push nothing (no channel of spec 001 §4 carries plugins)', () => {
    expect(parseEvent(JSON.stringify({ type: 'plugin-registry.plugin.created.v1', data: {} })).kind).toBe('unknown-type');
  });
});
