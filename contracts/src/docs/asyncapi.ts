import { z } from 'zod';
import { eventSubject } from '../events/envelope';
import { EVENT_DESCRIPTIONS, WorkspaceEvents } from '../events/workspace.events';

/** The AsyncAPI 3 document of the events Kiln publishes on NATS JetStream, generated from the contracts. */
export function buildAsyncApi(): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const [type, schema] of Object.entries(WorkspaceEvents)) {
    const key = type.replace(/[.]/g, '_');
    messages[key] = {
      name: type,
      summary: EVENT_DESCRIPTIONS[type as keyof typeof EVENT_DESCRIPTIONS],
      headers: { type: 'object', properties: { 'Nats-Msg-Id': { type: 'string', description: 'equals eventId' } } },
      payload: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }),
    };
    channels[key] = { address: eventSubject(type), messages: { [key]: { $ref: `#/components/messages/${key}` } } };
    operations[`on_${key}`] = { action: 'receive', channel: { $ref: `#/channels/${key}` } };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Kiln events',
      version: '1.0.0',
      description: 'Domain events on NATS JetStream. Consumers: use a durable consumer; deduplicate by eventId.',
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: { messages },
  };
}
