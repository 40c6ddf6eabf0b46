import { PluginAggregate, PluginVersionAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const PLUGINS_REPOSITORY = Symbol('PluginsRepository');

export interface SavedEvent {
  eventId: string;
  type: string;
}

/** Plugins and versions as their commands change them (state plus outbox, one transaction per save). */
export interface PluginsRepository {
  loadPlugin(id: string): Promise<PluginAggregate | null>;
  loadVersion(pluginRecordId: string, version: string): Promise<PluginVersionAggregate | null>;
  /** Every version number the plugin ever had (a number is never used twice). */
  usedVersions(pluginRecordId: string): Promise<string[]>;
  /** Versions of a plugin that are published now. */
  publishedVersions(pluginRecordId: string): Promise<string[]>;
  pluginIdTaken(pluginId: string): Promise<boolean>;
  slugTaken(slug: string): Promise<boolean>;
  /** Saves the aggregates and their events in one transaction (409 when changed meanwhile); answers the events. */
  save(aggregates: (PluginAggregate | PluginVersionAggregate)[], meta: EventMeta): Promise<SavedEvent[]>;
  /** As save, and puts the build job in the queue in the same transaction. */
  saveQueued(version: PluginVersionAggregate, meta: EventMeta, queue: Record<string, unknown>): Promise<SavedEvent[]>;
}
