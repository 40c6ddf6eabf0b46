import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { CLOCK, Clock } from '@kiln/service-kit';
import { PLUGIN_FILES, PluginFiles } from '../../ports/plugin-files.port';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsVersion } from '../../plugin-access';
import { PluginChange } from '../../plugin-change';
import { publishedChange } from '../../published-change';
import { UnpublishVersionCommand } from './unpublish-version.command';

@CommandHandler(UnpublishVersionCommand)
export class UnpublishVersionHandler implements ICommandHandler<UnpublishVersionCommand, PluginChange<PluginVersion>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    @Inject(PLUGIN_FILES) private readonly files: PluginFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, pluginId, version: number }: UnpublishVersionCommand): Promise<PluginChange<PluginVersion>> {
    const { plugin, version } = await authorsVersion(this.repo, actorId, pluginId, number);
    const now = this.clock.now();
    version.unpublish(now);
    return publishedChange(this.repo, this.files, actorId, plugin, version, now);
  }
}
