import { io, type Socket } from 'socket.io-client';
import { REALTIME_CATCH_UP, REALTIME_CLIENT_OPTIONS, REALTIME_PAGE_AGE } from '@kiln/contracts/constants';

export type { Socket };

/**
 * How long ago (ms) this page sent its first API request: everything it shows was read since then. By the
 * browser's resource timing, which keeps a page's first entries when its buffer fills; the page's own age when
 * there is none.
 */
function shownFor(): number {
  const first = performance
    .getEntriesByType('resource')
    .find((entry) => (entry as PerformanceResourceTiming).initiatorType === 'fetch' && new URL(entry.name).pathname.startsWith('/api/'));
  return Math.round(performance.now() - (first?.startTime ?? 0));
}

/**
 * One socket.io connection to the BFF on this origin; the session cookie authenticates it. Imported
 * dynamically (RealtimeProvider), so socket.io-client is not part of the first load.
 *
 * Its first handshake carries the age of what the page shows (shownFor), and `onCatchUp` runs when the BFF answers
 * that a push went to the page's rooms since then, before the socket was there to hear it (ADR 0071). A
 * reconnection sends none: the page fetches everything again after one anyway.
 */
export function connectRealtime(onCatchUp: () => void): Socket {
  let connected = false;
  const socket = io({
    ...REALTIME_CLIENT_OPTIONS,
    transports: [...REALTIME_CLIENT_OPTIONS.transports],
    withCredentials: true,
    auth: (send) => send(connected ? {} : { [REALTIME_PAGE_AGE]: shownFor() }),
  });
  socket.once('connect', () => {
    connected = true;
  });
  socket.on(REALTIME_CATCH_UP, onCatchUp);
  return socket;
}
