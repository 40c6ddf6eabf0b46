import { z } from 'zod';
import { Id } from '../common/ids';
import { Plugin, PluginAction, PluginActionName, PluginLog, PluginVersion } from '../plugins/plugin';
import { pushMessage } from '../realtime';
import { envelope } from './envelope';

/**
 * Plugin-registry events (ADR 0025, 0026). Plugins and versions are saved as state with the outbox; each
 * event carries the record's state after it (`plugin`, or `version` with its five `actions`), so read
 * models and the BFF's pushes are upserts. The pipeline job's progress is these events: a restart reads
 * the saved state they were written with and resumes or fails the job (never "running" forever).
 */
export const PluginSnapshot = Plugin.omit({ author: true });
export type PluginSnapshot = z.infer<typeof PluginSnapshot>;
export const PluginVersionSnapshot = PluginVersion.omit({ bgpmPlugin: true }).extend({
  /** The plugin's author: the only person the version's pushes reach. */
  authorId: Id,
  actions: z.array(PluginAction),
  /** Pipeline attempts so far (a restart may retry a job once; ADR 0026). */
  attempt: z.number().int(),
  /** Grows by one with every change: orders the facts for read models. */
  revision: z.number().int(),
});
export type PluginVersionSnapshot = z.infer<typeof PluginVersionSnapshot>;

const P = z.object({ plugin: PluginSnapshot });
const V = z.object({ version: PluginVersionSnapshot });

export const PluginCreatedV1 = envelope('plugin-registry.plugin.created.v1', P);
export const PluginUpdatedV1 = envelope('plugin-registry.plugin.updated.v1', P);
export const PluginDeletedV1 = envelope('plugin-registry.plugin.deleted.v1', P);
export const PluginVersionCreatedV1 = envelope('plugin-registry.version.created.v1', V);
export const PluginVersionZipAssignedV1 = envelope('plugin-registry.version.zip-assigned.v1', V.extend({ mediaId: Id }));
export const PluginPipelineStartedV1 = envelope('plugin-registry.version.pipeline-started.v1', V.extend({ jobId: z.string(), attempt: z.number().int() }));
export const PluginActionChangedV1 = envelope('plugin-registry.version.action-changed.v1', V.extend({ action: PluginActionName }));
export const PluginPipelineFinishedV1 = envelope(
  'plugin-registry.version.pipeline-finished.v1',
  V.extend({ outcome: z.enum(['done', 'failed']), reason: z.string().nullable() }),
);
export const PluginVersionPublishedV1 = envelope('plugin-registry.version.published.v1', V.extend({ alpha: z.boolean() }));
export const PluginVersionUnpublishedV1 = envelope('plugin-registry.version.unpublished.v1', V);
export const PluginVersionDeletedV1 = envelope('plugin-registry.version.deleted.v1', V);
export const PluginLogWrittenV1 = envelope('plugin-registry.log.written.v1', z.object({ log: PluginLog, authorId: Id }));

export const PluginRegistryEvents = {
  'plugin-registry.plugin.created.v1': PluginCreatedV1,
  'plugin-registry.plugin.updated.v1': PluginUpdatedV1,
  'plugin-registry.plugin.deleted.v1': PluginDeletedV1,
  'plugin-registry.version.created.v1': PluginVersionCreatedV1,
  'plugin-registry.version.zip-assigned.v1': PluginVersionZipAssignedV1,
  'plugin-registry.version.pipeline-started.v1': PluginPipelineStartedV1,
  'plugin-registry.version.action-changed.v1': PluginActionChangedV1,
  'plugin-registry.version.pipeline-finished.v1': PluginPipelineFinishedV1,
  'plugin-registry.version.published.v1': PluginVersionPublishedV1,
  'plugin-registry.version.unpublished.v1': PluginVersionUnpublishedV1,
  'plugin-registry.version.deleted.v1': PluginVersionDeletedV1,
  'plugin-registry.log.written.v1': PluginLogWrittenV1,
} as const;

export const PLUGIN_REGISTRY_EVENT_DESCRIPTIONS: Record<keyof typeof PluginRegistryEvents, string> = {
  'plugin-registry.plugin.created.v1': 'An author created a plugin (private by default). `plugin` is its state.',
  'plugin-registry.plugin.updated.v1':
    'A plugin changed: its form (name, description, readme, type, icons, private → public), or what a published version sets (latestVersion, ' +
    'publishedAt, group and node counts).',
  'plugin-registry.plugin.deleted.v1': 'An author deleted a plugin that was never published, with its versions.',
  'plugin-registry.version.created.v1': 'A version was added (status `pending`, its five actions `pending`).',
  'plugin-registry.version.zip-assigned.v1': 'An uploaded .zip (media id) was attached to a pending or failed version; its actions are `pending` again.',
  'plugin-registry.version.pipeline-started.v1':
    'The build pipeline job started (or was resumed after a restart: `attempt` grows): the five actions are `scheduled`.',
  'plugin-registry.version.action-changed.v1':
    'One pipeline step (`action`) started (`running`) or finished (`success`, `failed`, or `stopped` when an earlier one failed), with ' +
    'runAt, finnishAt and duration.',
  'plugin-registry.version.pipeline-finished.v1': 'The job ended: `done` (the version is deployed, with its provenance hashes) or `failed` (with `reason`).',
  'plugin-registry.version.published.v1': 'A version was published as alpha (developers, from done) or published (from alpha); `publishedAt` set.',
  'plugin-registry.version.unpublished.v1': 'A published version was unpublished within 24 h of publishing: back to alpha.',
  'plugin-registry.version.deleted.v1': 'A version that was never published (and is not 0.0.0) was deleted.',
  'plugin-registry.log.written.v1': "One line of a pipeline step's log (level debug … emergency), in the order written (`seq`).",
};

/** JetStream stream that holds the plugin-registry service's events. */
export const PLUGIN_REGISTRY_STREAM = { name: 'PLUGIN_REGISTRY_EVENTS', subjects: ['evt.plugin-registry.>'] } as const;

/** Live channels of spec 001 §4 for the plugin pages; they reach the plugin's author only (ADR 0025). */
export const PLUGIN_REALTIME_CHANNELS = ['bgpm-plugin-action', 'bgpm-plugin-version', 'bgpm-plugin-log'] as const;
export const PluginRealtimePushes = {
  /** An updated action replaces the matching one (by id) in place. */
  'bgpm-plugin-action': pushMessage(PluginAction),
  'bgpm-plugin-version': pushMessage(PluginVersion.omit({ bgpmPlugin: true })),
  /** A new log is added at the top. */
  'bgpm-plugin-log': pushMessage(PluginLog),
} as const;
