import { io, type Socket } from 'socket.io-client';
import { REALTIME_CLIENT_OPTIONS } from '@kiln/contracts/constants';

export type { Socket };

/**
 * One socket.io connection to the BFF on this origin; the session cookie authenticates it. Imported
 * dynamically (RealtimeProvider), so socket.io-client is not part of the first load.
 */
export function connectRealtime(): Socket {
  return io({
    ...REALTIME_CLIENT_OPTIONS,
    transports: [...REALTIME_CLIENT_OPTIONS.transports],
    withCredentials: true,
  });
}
