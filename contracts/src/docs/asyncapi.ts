import { z } from 'zod';
import { eventSubject } from '../events/envelope';
import { ASSETS_EVENT_DESCRIPTIONS, ASSETS_STREAM, AssetsEvents } from '../events/assets.events';
import { BUSINESS_EVENT_DESCRIPTIONS, BusinessEvents } from '../events/business.events';
import { COMMERCE_EVENT_DESCRIPTIONS, COMMERCE_STREAM, CommerceEvents } from '../events/commerce.events';
import { PLUGIN_REGISTRY_EVENT_DESCRIPTIONS, PLUGIN_REGISTRY_STREAM, PluginRegistryEvents } from '../events/plugin-registry.events';
import { EVENT_DESCRIPTIONS, WORKSPACE_STREAM, WorkspaceEvents } from '../events/workspace.events';

/** One JetStream stream Kiln publishes to, with the events it holds (schemas and one-line descriptions). */
export interface PublishedStream {
  name: string;
  subjects: readonly string[];
  events: Record<string, z.ZodType>;
  descriptions: Record<string, string>;
}

/**
 * Every event Kiln publishes, by stream: what the AsyncAPI document and docs/events.md are generated from.
 * A context with new events adds them here (or to the events and descriptions it already lists).
 */
export const PUBLISHED_STREAMS: readonly PublishedStream[] = [
  { ...WORKSPACE_STREAM, events: WorkspaceEvents, descriptions: EVENT_DESCRIPTIONS },
  {
    ...COMMERCE_STREAM,
    events: { ...CommerceEvents, ...BusinessEvents },
    descriptions: { ...COMMERCE_EVENT_DESCRIPTIONS, ...BUSINESS_EVENT_DESCRIPTIONS },
  },
  { ...PLUGIN_REGISTRY_STREAM, events: PluginRegistryEvents, descriptions: PLUGIN_REGISTRY_EVENT_DESCRIPTIONS },
  { ...ASSETS_STREAM, events: AssetsEvents, descriptions: ASSETS_EVENT_DESCRIPTIONS },
];

/**
 * The AsyncAPI 3 document of the events Kiln publishes on NATS JetStream, generated from the contracts: one
 * channel per event type on its subject, with the stream that holds it (`x-kiln-stream`).
 */
export function buildAsyncApi(): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const stream of PUBLISHED_STREAMS) {
    for (const [type, schema] of Object.entries(stream.events)) {
      const key = type.replace(/[.]/g, '_');
      messages[key] = {
        name: type,
        summary: stream.descriptions[type],
        headers: { type: 'object', properties: { 'Nats-Msg-Id': { type: 'string', description: 'equals eventId' } } },
        payload: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }),
      };
      channels[key] = {
        address: eventSubject(type),
        'x-kiln-stream': stream.name,
        messages: { [key]: { $ref: `#/components/messages/${key}` } },
      };
      operations[`on_${key}`] = { action: 'receive', channel: { $ref: `#/channels/${key}` } };
    }
  }
  const streams = PUBLISHED_STREAMS.map((s) => `${s.name} holds ${s.subjects.join(', ')}`).join('; ');
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Kiln events',
      version: '1.0.0',
      description:
        'Domain events on NATS JetStream. Consumers: use a durable consumer with explicit ack; deduplicate by eventId ' +
        '(also the Nats-Msg-Id header); delivery is at least once. Subjects are evt.<type> (prefixed by <namespace>. and stream names ' +
        `by <namespace>_ when a deployment sets KILN_NAMESPACE). Streams: ${streams}.`,
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: { messages },
  };
}
