import { io, Socket } from 'socket.io-client';

export type Push = { verb: string; data: any };

/**
 * Opens a socket.io connection to the BFF as a browser tab would (session by token or cookie, extra
 * headers such as Origin) and remembers it in `opened` so the test can close them all afterwards.
 */
export async function openSocket(url: string, opened: Socket[], auth: { token?: string; cookie?: string; headers?: Record<string, string> }): Promise<Socket> {
  const headers = { ...(auth.cookie ? { cookie: auth.cookie } : {}), ...auth.headers };
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    ...(auth.token ? { auth: { token: auth.token } } : {}),
    ...(Object.keys(headers).length ? { extraHeaders: headers } : {}),
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every `workspace-model` push the socket receives from now on, in order. */
export function collectPushes(socket: Socket): Push[] {
  const seen: Push[] = [];
  socket.on('workspace-model', (message: Push) => seen.push(message));
  return seen;
}
