import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PluginAction, PluginLog, PluginVersion, PushMessage } from '@kiln/contracts';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { pluginApi, pluginKeys } from './plugin-api';

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

/**
 * A version as a push or a command's answer tells it: shown unless what is shown is newer. A command's answer waits
 * for the read model, so a later state (a build that already failed) may have been pushed before it came.
 */
/**
 * A fetched list of a version's steps, each kept as shown when what is shown is newer: a step's push (build failed)
 * may come before the read model has it, and a refetch then would put the step back.
 */
export function keepNewerActions(queryClient: QueryClient, key: readonly unknown[], answer: Page<PluginAction>): Page<PluginAction> {
  const shown = new Map((queryClient.getQueryData<Page<PluginAction>>(key)?.data ?? []).map((a) => [a.id, a]));
  return { ...answer, data: answer.data.map((a) => (shown.has(a.id) && !newer(a, shown.get(a.id)!) ? shown.get(a.id)! : a)) };
}

/**
 * A fetched list of a version's logs, with the logs pushed meanwhile that it lacks: the push may come before the
 * read model has its log, and a refetch then (after a missed push, ADR 0071) would drop a log no push brings back.
 * Logs are never removed while their version lives, so one pushed is one to keep. Newest first, as fetched.
 */
export function keepPushedLogs(queryClient: QueryClient, key: readonly unknown[], answer: Page<PluginLog>): Page<PluginLog> {
  const answered = new Set(answer.data.map((l) => l.id));
  const pushed = (queryClient.getQueryData<Page<PluginLog>>(key)?.data ?? []).filter((l) => !answered.has(l.id));
  if (!pushed.length) return answer;
  const newestFirst = (a: PluginLog, b: PluginLog) => b.createdAt.localeCompare(a.createdAt) || b.seq - a.seq;
  return { data: [...answer.data, ...pushed].sort(newestFirst), total: answer.total + pushed.length };
}

/**
 * A fetched version, unless the one shown is newer: its push (the build failed) may come before the read model has
 * it, and a refetch then (after a missed push, ADR 0071) would put the version back to an older state.
 */
export function keepNewerVersion(queryClient: QueryClient, key: readonly unknown[], answer: PluginVersion | null): PluginVersion | null {
  const shown = queryClient.getQueryData<PluginVersion | null>(key);
  return shown && answer && !newer(answer, shown) ? shown : answer;
}

export function applyVersion(queryClient: QueryClient, v: PluginVersion) {
  queryClient.setQueryData<PluginVersion | null>(pluginKeys.version(v.pluginId, v.version), (old) =>
    old && !newer(v, old) ? old : { ...v, bgpmPlugin: old?.bgpmPlugin ?? v.bgpmPlugin },
  );
}

export function applyVersionPush(queryClient: QueryClient, message: PushMessage<PluginVersion>) {
  const v = message.data;
  if (message.verb === 'delete') queryClient.setQueryData(pluginKeys.version(v.pluginId, v.version), null);
  else applyVersion(queryClient, v);
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

/** A version's steps, as the info and version pages show them: fetched, keeping what pushes told that is newer. */
export function useVersionActions(pluginId: string, version: string, enabled = true) {
  const queryClient = useQueryClient();
  const key = pluginKeys.actions(pluginId, version);
  return useQuery({ queryKey: key, queryFn: async () => keepNewerActions(queryClient, key, await pluginApi.actions(pluginId, version)), enabled });
}
