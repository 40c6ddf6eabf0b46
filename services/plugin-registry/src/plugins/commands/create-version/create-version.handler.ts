import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { PluginVersionAggregate } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { answerVersion, toVersionSnapshot } from '../../adapters/mappers';
import { CLOCK, Clock } from '@kiln/service-kit';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsPlugin } from '../../plugin-access';
import { PluginChange } from '../../plugin-change';
import { CreateVersionCommand } from './create-version.command';

@CommandHandler(CreateVersionCommand)
export class CreateVersionHandler implements ICommandHandler<CreateVersionCommand, PluginChange<PluginVersion>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, pluginId, version: number }: CreateVersionCommand): Promise<PluginChange<PluginVersion>> {
    const plugin = await authorsPlugin(this.repo, actorId, pluginId);
    const now = this.clock.now();
    const p = plugin.snapshot();
    const version = PluginVersionAggregate.create({
      id: newId(now),
      actionIds: [1, 2, 3, 4, 5].map(() => newId(now)),
      plugin: { id: p.id, pluginId: p.pluginId, authorId: p.authorId },
      version: number,
      usedVersions: await this.repo.usedVersions(p.id),
      now,
    });
    const events = await this.repo.save([version], { actorId, occurredAt: now });
    return { value: answerVersion(toVersionSnapshot(version.snapshot())), events };
  }
}
