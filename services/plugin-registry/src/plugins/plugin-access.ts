import { Plugin } from '@kiln/contracts';
import { DomainError, PLUGIN_MESSAGES, PluginAggregate, PluginVersionAggregate } from '@kiln/domain';
import { PluginsRepository } from './ports/plugins.repository.port';
import { PgPluginReadModel } from './adapters/pg-plugin.read-model';

/** Who may see or change a plugin: the rules every command and query shares. */
export const notFound = () => new DomainError('not-found', PLUGIN_MESSAGES.notFound);
export const versionNotFound = () => new DomainError('not-found', PLUGIN_MESSAGES.versionNotFound);

/** The plugin as its author may change it: 404 for a stranger to a private plugin, 403 for others. */
export async function authorsPlugin(repo: PluginsRepository, actorId: string, id: string): Promise<PluginAggregate> {
  const plugin = await repo.loadPlugin(id);
  if (!plugin) throw notFound();
  plugin.assertAuthor(actorId);
  return plugin;
}

export async function authorsVersion(
  repo: PluginsRepository,
  actorId: string,
  pluginId: string,
  version: string,
): Promise<{ plugin: PluginAggregate; version: PluginVersionAggregate }> {
  const plugin = await authorsPlugin(repo, actorId, pluginId);
  const v = await repo.loadVersion(pluginId, version);
  if (!v) throw versionNotFound();
  return { plugin, version: v };
}

/** Readable by the caller: public plugins for everyone signed in, private ones for their author. */
export async function visiblePlugin(view: PgPluginReadModel, actorId: string, id: string): Promise<Plugin> {
  const plugin = await view.plugin(id);
  if (!plugin || !PluginAggregate.visibleTo(plugin, actorId)) throw notFound();
  return plugin;
}

/** A public plugin with a published version, by its package id (the public read API). */
export async function publicPluginByPackage(view: PgPluginReadModel, packageId: string): Promise<Plugin> {
  const plugin = await view.pluginByPackageId(packageId);
  if (!plugin || plugin.private || !plugin.latestVersion) throw notFound();
  return plugin;
}

/** The package id of a published version of a public plugin (404 otherwise). */
export async function publishedPackage(view: PgPluginReadModel, packageId: string, version: string): Promise<string> {
  const plugin = await publicPluginByPackage(view, packageId);
  if (!(await view.publishedVersionOf(plugin.pluginId, version))) throw versionNotFound();
  return plugin.pluginId;
}
