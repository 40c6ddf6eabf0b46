import type { Availability, CreatePluginBody, PipelineInfo, Plugin, PluginAction, PluginLog, PluginVersion, UpdatePluginBody } from '@kiln/contracts';
import { IDEMPOTENCY_HEADER, PLUGIN_PAGE_SIZE } from '@kiln/contracts/constants';
import { ApiError, request } from '../api/client';
import { humanMessage } from '../api/messages';

export type PluginFilter = 'isPrivate' | 'isPublic' | 'all';

type Page<T> = { data: T[]; total: number };
const json = (value: unknown) => JSON.stringify(value);
const PLUGIN = '/api/bgpm/plugin';
const VERSION = '/api/bgpm/plugin-version';

/** Spec 001 §7; `pluginId` in the version, action and log calls is the plugin's record id (ADR 0025). */
export const pluginApi = {
  myPlugins: (filter: PluginFilter, skip: number) => {
    const where = filter === 'all' ? undefined : { private: filter === 'isPrivate' };
    return request<Page<Plugin>>('GET', `${PLUGIN}/my-plugins`, {
      query: { where: where && json(where), populate: json(['author', 'author.avatar']), skip, limit: PLUGIN_PAGE_SIZE },
    });
  },
  get: (id: string) => request<Plugin>('GET', `${PLUGIN}/${encodeURIComponent(id)}`),
  create: (body: CreatePluginBody, key: string) => request<Plugin>('POST', `${PLUGIN}/create-plugin`, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  update: (id: string, changes: UpdatePluginBody) => request<Plugin>('PATCH', `${PLUGIN}/update-plugin/${encodeURIComponent(id)}`, { body: changes }),
  remove: (id: string) => request<Plugin>('DELETE', PLUGIN, { query: { pluginId: id } }),
  validatePlugin: (term: string) => request<Availability>('GET', `${PLUGIN}/validate-plugin`, { query: { term } }),
  validateSlug: (slug: string) => request<Availability>('GET', `${PLUGIN}/validate-slug`, { query: { slug } }),

  /** The newest versions first; with `version`, that one (limit 1, the plugin populated). */
  versions: (pluginId: string, limit = PLUGIN_PAGE_SIZE) =>
    request<Page<PluginVersion>>('GET', VERSION, { query: { where: json({ pluginId }), sort: json({ createdAt: 'desc' }), limit } }),
  version: async (pluginId: string, version: string): Promise<PluginVersion | null> => {
    const page = await request<Page<PluginVersion>>('GET', VERSION, {
      query: { where: json({ pluginId, version }), sort: json({ createdAt: 'desc' }), populate: json('bgpmPlugin'), limit: 1 },
    });
    return page.data[0] ?? null;
  },
  createVersion: (pluginId: string, version: string) => request<PluginVersion>('POST', `${VERSION}/create-new-version`, { body: { pluginId, version } }),
  deleteVersion: (pluginId: string, version: string) => request<PluginVersion>('DELETE', VERSION, { query: { pluginId, version } }),
  assignZip: (pluginId: string, version: string, mediaId: string) =>
    request<PluginVersion>('PATCH', `${VERSION}/assign-zip-file/${encodeURIComponent(pluginId)}/${encodeURIComponent(version)}`, { body: { mediaId } }),
  actions: (pluginId: string, version: string) =>
    request<Page<PluginAction>>('GET', '/api/bgpm/bgpm-plugin-action', { query: { where: json({ pluginId, version }), sort: json({ createdAt: 'asc' }) } }),
  logs: (pluginId: string, version: string) =>
    request<Page<PluginLog>>('GET', '/api/bgpm/bgpm-plugin-log', {
      query: { where: json({ pluginId, version }), sort: json({ createdAt: 'desc' }), limit: 500 },
    }),
  pipelineInfo: () => request<PipelineInfo>('GET', '/api/bgpm/pipeline-info'),
  publish: (pluginId: string, version: string, isAlpha = false) =>
    request<PluginVersion>('POST', '/api/bgpm/plugin-action/publish', { body: { pluginId, version, options: { isAlpha } } }),
  unpublish: (pluginId: string, version: string) => request<PluginVersion>('POST', '/api/bgpm/plugin-action/unpublish', { body: { pluginId, version } }),
};

export const pluginKeys = {
  all: ['plugins'] as const,
  lists: () => ['plugins', 'list'] as const,
  list: (filter: PluginFilter) => ['plugins', 'list', filter] as const,
  plugin: (id: string) => ['plugins', 'plugin', id] as const,
  versions: (id: string) => ['plugins', 'versions', id] as const,
  version: (id: string, version: string) => ['plugins', 'version', id, version] as const,
  actions: (id: string, version: string) => ['plugins', 'actions', id, version] as const,
  logs: (id: string, version: string) => ['plugins', 'logs', id, version] as const,
  pipelineInfo: () => ['plugins', 'pipeline-info'] as const,
};

/** Spec 001 §7: plugin uploads go to folder `pluginId/version` with dots as underscores, repo `plugin`. */
export const pluginUploadFolder = (packageId: string, version: string) => `${packageId}/${version}`.replace(/\./g, '_');

export interface UploadedMedia {
  id: string;
  name?: string;
  filename?: string;
  mimetype?: string;
}

/**
 * POST /api/upload (multipart, the assets service): `file`, `folder` and optional `repo`. The spec's answer is a
 * list whose first item is used; a single record is taken as well. The body is the file as the browser streams
 * it (never read into memory here).
 */
export async function uploadFile(file: File, fields: { folder?: string; repo?: string }): Promise<UploadedMedia> {
  const form = new FormData();
  if (fields.folder) form.append('folder', fields.folder);
  if (fields.repo) form.append('repo', fields.repo);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/upload', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
  } catch {
    throw new ApiError({ statusCode: 0, message: 'Cannot reach the server. Check your connection and try again.' });
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : undefined;
    throw new ApiError({ statusCode: response.status, message: humanMessage(message, response.status) });
  }
  const first = Array.isArray(body)
    ? body[0]
    : body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data[0]
      : body;
  if (!first || typeof first !== 'object' || typeof (first as { id?: unknown }).id !== 'string') {
    throw new ApiError({ statusCode: response.status, message: 'The server sent an answer the app cannot read. Please try again.' });
  }
  return first as UploadedMedia;
}
