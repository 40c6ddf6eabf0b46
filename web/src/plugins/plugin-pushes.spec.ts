import { QueryClient } from '@tanstack/react-query';
import type { PluginAction, PluginLog, PluginVersion } from '@kiln/contracts';
import { pluginKeys } from './plugin-api';
import { applyActionPush, applyLogPush, applyVersion, keepNewerActions, keepNewerVersion, keepPushedLogs } from './plugin-pushes';

const PLUGIN = 'a'.repeat(24);
const log = (seq: number, message: string): PluginLog => ({
  id: `log-${seq}`,
  message,
  level: 'info',
  action: 'build',
  createdAt: new Date(Date.UTC(2026, 10, 26, 12, 0, seq)).toISOString(),
  pluginId: PLUGIN,
  version: '1.0.0',
  seq,
});
const page = <T>(...items: T[]) => ({ data: items, total: items.length });

describe('plugin logs fetched again', () => {
  it('keep the logs pushed meanwhile that the answer lacks (its read model had not applied them yet), newest first', () => {
    const client = new QueryClient();
    const key = pluginKeys.logs(PLUGIN, '1.0.0');
    client.setQueryData(key, page(log(1, 'first')));
    applyLogPush(client, log(2, 'second'));
    applyLogPush(client, log(3, 'Exited with code 2.'));
    // The refetch's answer was read before the last two logs were in the read model.
    const kept = keepPushedLogs(client, key, page(log(1, 'first')));
    expect(kept.data.map((l) => l.message)).toEqual(['Exited with code 2.', 'second', 'first']);
    expect(kept.total).toBe(3);
  });

  it('take the answer as it is when nothing was pushed, and never repeat a log', () => {
    const client = new QueryClient();
    const key = pluginKeys.logs(PLUGIN, '1.0.0');
    expect(keepPushedLogs(client, key, page(log(2, 'b'), log(1, 'a')))).toEqual(page(log(2, 'b'), log(1, 'a')));
    client.setQueryData(key, page(log(2, 'b'), log(1, 'a')));
    expect(keepPushedLogs(client, key, page(log(3, 'c'), log(2, 'b'), log(1, 'a'))).data.map((l) => l.id)).toEqual(['log-3', 'log-2', 'log-1']);
  });
});

describe('plugin steps fetched again', () => {
  const step = (status: PluginAction['status'], second: number): PluginAction => ({
    id: 'step-build',
    action: 'build',
    status,
    scheduledAt: null,
    runAt: null,
    finnishAt: null,
    updatedAt: new Date(Date.UTC(2026, 10, 26, 12, 0, second)).toISOString(),
    duration: null,
    version: '1.0.0',
    pluginId: PLUGIN,
    createdAt: new Date(Date.UTC(2026, 10, 26, 12, 0, 0)).toISOString(),
  });

  it('keep a step pushed meanwhile when the answer has an older state of it, and take newer ones', () => {
    const client = new QueryClient();
    const key = pluginKeys.actions(PLUGIN, '1.0.0');
    client.setQueryData(key, page(step('scheduled', 1)));
    applyActionPush(client, step('failed', 3));
    expect(keepNewerActions(client, key, page(step('running', 2))).data.map((a) => a.status)).toEqual(['failed']);
    expect(keepNewerActions(client, key, page(step('scheduled', 4))).data.map((a) => a.status)).toEqual(['scheduled']);
  });
});

describe('a plugin version fetched again', () => {
  const at = (status: PluginVersion['status'], second: number) =>
    ({ id: 'v1', pluginId: PLUGIN, version: '1.0.0', status, updatedAt: new Date(Date.UTC(2026, 10, 26, 12, 0, second)).toISOString() }) as PluginVersion;

  it('keeps the failure pushed meanwhile when the answer is older, takes a newer answer, and a deletion', () => {
    const client = new QueryClient();
    const key = pluginKeys.version(PLUGIN, '1.0.0');
    client.setQueryData(key, at('pending', 1));
    applyVersion(client, at('failed', 3));
    expect(keepNewerVersion(client, key, at('pending', 2))?.status).toBe('failed');
    expect(keepNewerVersion(client, key, at('done', 4))?.status).toBe('done');
    expect(keepNewerVersion(client, key, null)).toBeNull();
  });
});
