import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { answerVersion, toVersionSnapshot } from '../../adapters/mappers';
import { CLOCK, Clock } from '@kiln/service-kit';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsVersion } from '../../plugin-access';
import { PluginChange } from '../../plugin-change';
import { DeleteVersionCommand } from './delete-version.command';

@CommandHandler(DeleteVersionCommand)
export class DeleteVersionHandler implements ICommandHandler<DeleteVersionCommand, PluginChange<PluginVersion>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, pluginId, version: number }: DeleteVersionCommand): Promise<PluginChange<PluginVersion>> {
    const { version } = await authorsVersion(this.repo, actorId, pluginId, number);
    const now = this.clock.now();
    version.delete(now);
    const events = await this.repo.save([version], { actorId, occurredAt: now });
    return { value: answerVersion(toVersionSnapshot(version.snapshot())), events };
  }
}
