import { z } from 'zod';

export { REALTIME_CHANNELS, REALTIME_CLIENT_OPTIONS, type RealtimeChannel } from './realtime.constants';

export const PushVerb = z.enum(['create', 'update', 'delete']);
export const pushMessage = <D extends z.ZodTypeAny>(data: D) => z.object({ verb: PushVerb, data });
export type PushMessage<D> = { verb: z.infer<typeof PushVerb>; data: D };
