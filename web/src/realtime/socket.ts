import { io, type Socket } from 'socket.io-client';
import { REALTIME_CLIENT_OPTIONS } from '@kiln/contracts';

/** One socket.io connection to the BFF on this origin; the session cookie authenticates it. */
export function connectRealtime(): Socket {
  return io({
    ...REALTIME_CLIENT_OPTIONS,
    transports: [...REALTIME_CLIENT_OPTIONS.transports],
    withCredentials: true,
  });
}
