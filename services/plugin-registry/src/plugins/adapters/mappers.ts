import { Plugin, PluginAction, PluginVersion, PluginVersionSnapshot, PluginSnapshot } from '@kiln/contracts';
import { ActionState, PluginState, PluginVersionState } from '@kiln/domain';

/** Dates back from jsonb (stored as ISO strings). */
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A state as its jsonb column holds it: its dates are ISO strings. */
type Stored<T> = { [K in keyof T]: Date extends T[K] ? string | Exclude<T[K], Date> : T[K] };

export function pluginFromJson(json: unknown): PluginState {
  const j = json as Stored<PluginState>;
  return { ...j, publishedAt: date(j.publishedAt), createdAt: date(j.createdAt)!, updatedAt: date(j.updatedAt)! };
}

export function versionFromJson(json: unknown): PluginVersionState {
  const j = json as Stored<Omit<PluginVersionState, 'actions'>> & { actions: Stored<ActionState>[] };
  return {
    ...j,
    publishedAt: date(j.publishedAt),
    createdAt: date(j.createdAt)!,
    updatedAt: date(j.updatedAt)!,
    actions: j.actions.map((a) => ({
      ...a,
      scheduledAt: date(a.scheduledAt),
      runAt: date(a.runAt),
      finnishAt: date(a.finnishAt),
      updatedAt: date(a.updatedAt)!,
      createdAt: date(a.createdAt)!,
    })),
  };
}

export function toPluginSnapshot(p: PluginState): PluginSnapshot {
  return { ...p, publishedAt: iso(p.publishedAt), createdAt: iso(p.createdAt)!, updatedAt: iso(p.updatedAt)! };
}

export function toAction(a: ActionState, v: { pluginId: string; version: string }): PluginAction {
  const runAt = iso(a.runAt);
  const finnishAt = iso(a.finnishAt);
  const duration = a.runAt && a.finnishAt ? Math.round((new Date(a.finnishAt).getTime() - new Date(a.runAt).getTime()) / 100) / 10 : null;
  return {
    id: a.id,
    action: a.action,
    status: a.status,
    scheduledAt: iso(a.scheduledAt),
    runAt,
    finnishAt,
    updatedAt: iso(a.updatedAt)!,
    createdAt: iso(a.createdAt)!,
    duration,
    version: v.version,
    pluginId: v.pluginId,
  };
}

export function toVersionSnapshot(v: PluginVersionState): PluginVersionSnapshot {
  return {
    id: v.id,
    pluginId: v.pluginId,
    bgpmPluginId: v.pluginId,
    packageId: v.packageId,
    version: v.version,
    status: v.status,
    publishedAt: iso(v.publishedAt),
    mediaId: v.mediaId,
    running: v.jobId !== null,
    provenance: v.provenance,
    createdAt: iso(v.createdAt)!,
    updatedAt: iso(v.updatedAt)!,
    authorId: v.authorId,
    attempt: v.attempt,
    revision: v.revision,
    actions: v.actions.map((a) => toAction(a, v)),
  };
}

/** The answer's shape (no author id, actions or attempts). */
export function toVersion(s: PluginVersionSnapshot, plugin?: Plugin): PluginVersion {
  const { authorId: _a, actions: _b, attempt: _c, revision: _d, ...rest } = s;
  return { ...rest, ...(plugin ? { bgpmPlugin: plugin } : {}) };
}

export const answerVersion = (v: PluginVersionSnapshot, plugin?: Plugin): PluginVersion => toVersion(v, plugin);
