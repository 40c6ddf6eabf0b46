import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PluginAction, PluginLog, PluginVersion, PushMessage } from '@kiln/contracts';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { pluginKeys } from './plugin-api';

type Page<T> = { data: T[]; total: number };
const newer = (a: { updatedAt: string }, b: { updatedAt: string }) => new Date(a.updatedAt).getTime() >= new Date(b.updatedAt).getTime();

/** An updated action replaces the one with its id in place (spec 001 §4); an older push never wins. */
export function applyActionPush(queryClient: QueryClient, action: PluginAction) {
  queryClient.setQueryData<Page<PluginAction>>(pluginKeys.actions(action.pluginId, action.version), (page) => {
    if (!page) return page;
    const i = page.data.findIndex((a) => a.id === action.id);
    if (i < 0) return { data: [...page.data, action], total: page.total + 1 };
    if (!newer(action, page.data[i]!)) return page;
    return { ...page, data: page.data.map((a, j) => (j === i ? action : a)) };
  });
}

/** A new log goes on top (spec 001 §4); a repeat (same id) is dropped. */
export function applyLogPush(queryClient: QueryClient, log: PluginLog) {
  queryClient.setQueryData<Page<PluginLog>>(pluginKeys.logs(log.pluginId, log.version), (page) => {
    if (!page || page.data.some((l) => l.id === log.id)) return page;
    return { data: [log, ...page.data], total: page.total + 1 };
  });
}

export function applyVersionPush(queryClient: QueryClient, message: PushMessage<PluginVersion>) {
  const v = message.data;
  const key = pluginKeys.version(v.pluginId, v.version);
  if (message.verb === 'delete') queryClient.setQueryData(key, null);
  else {
    queryClient.setQueryData<PluginVersion | null>(key, (old) => (old && !newer(v, old) ? old : { ...v, bgpmPlugin: old?.bgpmPlugin ?? v.bgpmPlugin }));
  }
  // Lists, the plugin (latest version, publishedAt, counts) and the steps follow from the server.
  void queryClient.invalidateQueries({ queryKey: pluginKeys.versions(v.pluginId) });
  // A new zip or a (re)started job resets the steps together: read them again.
  void queryClient.invalidateQueries({ queryKey: pluginKeys.actions(v.pluginId, v.version) });
  void queryClient.invalidateQueries({ queryKey: pluginKeys.plugin(v.pluginId) });
  void queryClient.invalidateQueries({ queryKey: pluginKeys.lists() });
}

/** The three live channels of the plugin pages (spec 001 §4; ADR 0025: the author's only), while a page shows. */
export function usePluginPushes() {
  const queryClient = useQueryClient();
  usePushChannel<PluginAction>('bgpm-plugin-action', (message) => {
    if (message?.data?.id) applyActionPush(queryClient, message.data);
  });
  usePushChannel<PluginLog>('bgpm-plugin-log', (message) => {
    if (message?.data?.id) applyLogPush(queryClient, message.data);
  });
  usePushChannel<PluginVersion>('bgpm-plugin-version', (message) => {
    if (message?.data?.pluginId) applyVersionPush(queryClient, message);
  });
}
