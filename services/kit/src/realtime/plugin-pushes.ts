import { PluginRegistryEvents, PluginVersionSnapshot, PushMessage, RealtimePushes } from '@kiln/contracts';
import { z } from 'zod';
import { emit, PushPlan, Step } from './push-plan';
import { userRoom } from './rooms';

/** The plugin-registry events that reach the plugin pages (plugins themselves have no channel of spec 001 §4). */
const VERSION_EVENTS = [
  'plugin-registry.version.created.v1',
  'plugin-registry.version.zip-assigned.v1',
  'plugin-registry.version.pipeline-started.v1',
  'plugin-registry.version.action-changed.v1',
  'plugin-registry.version.pipeline-finished.v1',
  'plugin-registry.version.published.v1',
  'plugin-registry.version.unpublished.v1',
  'plugin-registry.version.deleted.v1',
] as const;
const E = PluginRegistryEvents;
export const PluginPushEvent = z.discriminatedUnion('type', [
  E['plugin-registry.version.created.v1'],
  E['plugin-registry.version.zip-assigned.v1'],
  E['plugin-registry.version.pipeline-started.v1'],
  E['plugin-registry.version.action-changed.v1'],
  E['plugin-registry.version.pipeline-finished.v1'],
  E['plugin-registry.version.published.v1'],
  E['plugin-registry.version.unpublished.v1'],
  E['plugin-registry.version.deleted.v1'],
  E['plugin-registry.log.written.v1'],
]);
export type PluginPushEvent = z.infer<typeof PluginPushEvent>;

const PUSHED = new Set<string>([...VERSION_EVENTS, 'plugin-registry.log.written.v1']);
export const isPluginPushEvent = (event: { type: string }): event is PluginPushEvent => PUSHED.has(event.type);

type Verb = PushMessage<unknown>['verb'];
const VersionPush = RealtimePushes['bgpm-plugin-version'].shape.data;

/** The version as its channel carries it: the snapshot's bookkeeping (authorId, actions, attempt, revision) stays behind. */
const versionData = (snapshot: PluginVersionSnapshot) => VersionPush.parse(snapshot);

/**
 * `bgpm-plugin-version`, `bgpm-plugin-action`, `bgpm-plugin-log` (spec 001 §4; ADR 0025): everything about a
 * version goes to its plugin's author's user room, nobody else's (private or not, actions and logs are the
 * author's; strangers read published versions through the API). A version event pushes the version, and
 * the actions it changed: the one step of `action-changed`, all five when they were (re)set (created, zip
 * attached, pipeline started or finished). The version's revision orders its pushes; its deletion is a
 * tombstone. A log line is pushed once, as new (the page puts it on top).
 */
export function pluginPlan(event: PluginPushEvent): PushPlan {
  if (event.type === 'plugin-registry.log.written.v1') {
    const { log, authorId } = event.data;
    return {
      order: { eventId: event.eventId, key: `plugin-log:${log.id}`, version: 1, deleted: false },
      steps: [emit('bgpm-plugin-log', [userRoom(authorId)], { verb: 'create', data: log })],
    };
  }
  const { version } = event.data;
  const to = [userRoom(version.authorId)];
  const verb: Verb = event.type === 'plugin-registry.version.created.v1' ? 'create' : event.type === 'plugin-registry.version.deleted.v1' ? 'delete' : 'update';
  const steps: Step[] = [emit('bgpm-plugin-version', to, { verb, data: versionData(version) })];
  if (verb !== 'delete') {
    const changed =
      event.type === 'plugin-registry.version.action-changed.v1'
        ? version.actions.filter((a) => a.action === event.data.action)
        : resetsActions(event.type)
          ? version.actions
          : [];
    for (const action of changed) steps.push(emit('bgpm-plugin-action', to, { verb: verb === 'create' ? 'create' : 'update', data: action }));
  }
  return { order: { eventId: event.eventId, key: `plugin-version:${version.id}`, version: version.revision, deleted: verb === 'delete' }, steps };
}

const resetsActions = (type: PluginPushEvent['type']) =>
  type === 'plugin-registry.version.created.v1' ||
  type === 'plugin-registry.version.zip-assigned.v1' ||
  type === 'plugin-registry.version.pipeline-started.v1' ||
  type === 'plugin-registry.version.pipeline-finished.v1';
