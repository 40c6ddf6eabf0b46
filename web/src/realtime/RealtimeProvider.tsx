import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Model, PushMessage, ShareRole } from '@kiln/contracts';
import { AUTH_MESSAGES } from '@kiln/contracts/constants';
import { currentUser, ME_KEY } from '../auth/session';
import {
  applyFavoriteFlag,
  applyModelRemoval,
  applyModelUpsert,
  favoriteRemoved,
  mapHeldModels,
  modelKeys,
  type HoldsModel,
  type ModelPatch,
} from '../models/model-cache';
import { notificationKeys, refreshNotifications } from '../notifications/notification-queries';
import { teamKeys } from '../teams/team-cache';
import { listenForTeamPushes } from '../teams/team-pushes';
import { useLatest } from '../ui/use-latest';
import type { Socket } from './socket';

const SERVER_HANGUP_RETRY_MS = 2000;
/**
 * A refetch made because the page may have missed a push (catch-up, the first connection) can read a read model
 * that has not applied that push's event yet (the BFF pushes as the services' projections apply, not after):
 * the same queries are fetched once more this long after.
 */
const READ_MODELS_SETTLE_MS = 2000;

export type ConnectionState = 'connecting' | 'online' | 'offline';
const ConnectionContext = createContext<ConnectionState>('connecting');
export const useConnectionState = () => useContext(ConnectionContext);

/** The open socket, for pages of their own chunk that listen to their channels while shown (business pages). */
const SocketContext = createContext<Socket | null>(null);

/** Calls `handler` with every push on `channel` while the calling component is mounted. */
export function usePushChannel<T>(channel: string, handler: (message: PushMessage<T>) => void) {
  const socket = useContext(SocketContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!socket) return;
    const listener = (message: PushMessage<T>) => latest.current(message);
    socket.on(channel, listener);
    return () => {
      socket.off(channel, listener);
    };
  }, [socket, channel, latest]);
}

/**
 * Keeps the socket open while the user is in the workspace and merges `workspace-model` pushes into the cached
 * model lists. After a reconnect the lists are refetched, since pushes sent meanwhile are lost; so they are after
 * the first connection when a push went out while the page loaded (ADR 0071).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ConnectionState>('connecting');
  const [openSocket, setOpenSocket] = useState<Socket | null>(null);

  useEffect(() => {
    let socket: Socket | undefined;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const settling = new Set<ReturnType<typeof setTimeout>>();
    /** Fetched again now, and once more when the read models have had time to apply what was missed. */
    const refetchMissed = (queryKeys?: readonly (readonly unknown[])[]) => {
      const refetch = () => {
        if (!queryKeys) return void queryClient.invalidateQueries();
        for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
      };
      refetch();
      const timer = setTimeout(() => {
        settling.delete(timer);
        refetch();
      }, READ_MODELS_SETTLE_MS);
      settling.add(timer);
    };

    const listen = (socket: Socket) => {
      let wasConnected = false;
      socket.on('connect', () => {
        setState('online');
        // Pushes sent while we were away are lost: everything shown is fetched again.
        if (wasConnected) refetchMissed();
        // On the first connection, what was fetched before it may already be behind: the teams and the
        // bell, small, are fetched again (a sign-up's invitations are activated just after it, often in
        // that gap). The model list only when the BFF says a push went to us meanwhile (catch-up below,
        // ADR 0071): fetched again on every load it would cost each page load a second page (ADR 0013).
        else refetchMissed([teamKeys.all, notificationKeys.all]);
        wasConnected = true;
      });
      socket.on('disconnect', (reason) => {
        setState('offline');
        // socket.io does not come back by itself when the server hung up (e.g. a BFF restart): ask again shortly.
        if (reason === 'io server disconnect') retry = setTimeout(() => socket.connect(), SERVER_HANGUP_RETRY_MS);
      });
      socket.on('connect_error', (error) => {
        setState('offline');
        // The session ended elsewhere (signed out in another tab): ask who we are, which leads to sign-in.
        if (error.message === AUTH_MESSAGES.notSignedIn) void queryClient.invalidateQueries({ queryKey: ME_KEY });
      });

      socket.on('workspace-model', (message: PushMessage<ModelPatch>) => {
        const model = message?.data;
        if (!model?.id) return;
        // A deletion adds to "Recently deleted", a restore (pushed as create) takes from it (ADR 0048).
        if (message.verb !== 'update') void queryClient.invalidateQueries({ queryKey: modelKeys.recentlyDeleted() });
        if (message.verb === 'delete') {
          applyModelRemoval(queryClient, model.id, model.version);
          return;
        }
        const me = currentUser(queryClient);
        const mine = me && model.authorId === me.id;
        // The push carries the recipient's own role; the fallback only fills what an older sender left out.
        const fallback: Partial<Model> = mine ? { author: me, userRole: 'owner' } : { userRole: 'viewer' };
        // It carries no `favorite` (one push, many people): the cached star is kept (model-cache merges).
        // Older or redelivered pushes, and any push of a deleted model, are dropped there by version.
        applyModelUpsert(queryClient, { ...model, favorite: undefined }, message.verb === 'create', fallback);
      });

      // Ids and state only (contracts/src/realtime.ts): the star is set where the model is shown, the lists refetched.
      socket.on('workspace-user-favorite', (message: PushMessage<{ id?: string; modelId?: string }>) => {
        const modelId = message?.data?.modelId;
        if (!modelId) return;
        // The push may come before the Favorites read model applied the removal: the refetch is corrected by id.
        if (message.verb === 'delete' && message.data.id) favoriteRemoved(queryClient, message.data.id);
        applyFavoriteFlag(queryClient, modelId, message.verb !== 'delete');
        void queryClient.invalidateQueries({ queryKey: modelKeys.favorites() });
      });
      socket.on('workspace-shared-model', (message: PushMessage<{ id?: string; modelId?: string; userId?: string | null; role?: ShareRole }>) => {
        const share = message?.data;
        const me = currentUser(queryClient);
        // A share of mine: its role (not versioned with the model) shows at once, a removal drops it.
        if (share?.id && me && share.userId === me.id) {
          mapHeldModels(
            queryClient,
            (item) => {
              if (item.id !== share.id) return item;
              if (message.verb === 'delete') return null;
              return share.role
                ? ({ ...item, role: share.role, ...(item.model ? { model: { ...item.model, userRole: share.role } } : {}) } as HoldsModel)
                : item;
            },
            [modelKeys.shared()],
          );
        }
        // Fetched again now, and once more in a moment: the push may come before the service's read model has it.
        const refetch = () => {
          void queryClient.invalidateQueries({ queryKey: modelKeys.shared() });
          if (share?.modelId) void queryClient.invalidateQueries({ queryKey: ['model-shares', share.modelId] });
        };
        refetch();
        setTimeout(refetch, 1500);
      });
      socket.on('user-notification', (message: PushMessage<{ read?: boolean }>) => refreshNotifications(queryClient, message));

      listenForTeamPushes(socket, queryClient);
    };

    // socket.io-client is a chunk of its own, fetched after the first render: the list does not wait for it
    // (docs/adr/0013). The list is fetched over HTTP meanwhile; a reconnect refetches it anyway.
    import('./socket')
      .then(({ connectRealtime }) => {
        if (stopped) return;
        // A push to us since the page started, before the socket was in its rooms: everything shown is fetched again.
        socket = connectRealtime(() => refetchMissed());
        listen(socket);
        setOpenSocket(socket);
      })
      .catch(() => {
        if (!stopped) setState('offline');
      });

    return () => {
      stopped = true;
      clearTimeout(retry);
      settling.forEach(clearTimeout);
      socket?.removeAllListeners();
      socket?.disconnect();
      setOpenSocket(null);
    };
  }, [queryClient]);

  return (
    <ConnectionContext.Provider value={state}>
      <SocketContext.Provider value={openSocket}>{children}</SocketContext.Provider>
    </ConnectionContext.Provider>
  );
}
