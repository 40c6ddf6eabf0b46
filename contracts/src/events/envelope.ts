import { z } from 'zod';
import { Timestamp } from '../common/ids';

/**
 * Every integration event Kiln publishes on NATS JetStream has this envelope.
 * `type` is the stable dotted name with its version (`workspace.model.created.v1`);
 * the JetStream subject is `evt.<type>` and `Nats-Msg-Id` is `eventId`.
 */
export const envelope = <T extends string, D extends z.ZodTypeAny>(type: T, data: D) =>
  z.object({
    eventId: z.string(),
    type: z.literal(type),
    aggregateType: z.string(),
    aggregateId: z.string(),
    occurredAt: Timestamp,
    actorId: z.string().nullable(),
    correlationId: z.string(),
    causationId: z.string().nullable(),
    data,
  });

export type AnyEventEnvelope = z.infer<ReturnType<typeof envelope<string, z.ZodTypeAny>>>;

/** The JetStream subject an event type travels on. */
export const eventSubject = (type: string) => `evt.${type}`;
