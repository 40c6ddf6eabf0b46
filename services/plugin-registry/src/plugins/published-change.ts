import { PluginVersion } from '@kiln/contracts';
import { PluginAggregate, PluginVersionAggregate } from '@kiln/domain';
import { answerVersion, toVersionSnapshot } from './adapters/mappers';
import { PluginFiles } from './ports/plugin-files.port';
import { PluginsRepository } from './ports/plugins.repository.port';
import { PluginChange } from './plugin-change';

/** A publish or unpublish changes the plugin too (latest version, publishedAt, counts): one transaction. */
export async function publishedChange(
  repo: PluginsRepository,
  files: PluginFiles,
  actorId: string,
  plugin: PluginAggregate,
  version: PluginVersionAggregate,
  now: Date,
): Promise<PluginChange<PluginVersion>> {
  const v = version.snapshot();
  const others = (await repo.publishedVersions(v.pluginId)).filter((x) => x !== v.version);
  const published = v.status === 'published' ? [...others, v.version] : others;
  const counts = v.status === 'published' && v.provenance ? await files.manifestCounts(v.packageId, v.version) : null;
  plugin.publishedVersionsChanged(published, counts, now);
  const events = await repo.save([version, plugin], { actorId, occurredAt: now });
  return { value: answerVersion(toVersionSnapshot(version.snapshot())), events };
}
