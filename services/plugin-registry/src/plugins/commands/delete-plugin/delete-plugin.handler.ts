import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Plugin } from '@kiln/contracts';
import { toPluginSnapshot } from '../../adapters/mappers';
import { CLOCK, Clock } from '@kiln/service-kit';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsPlugin } from '../../plugin-access';
import { PluginChange } from '../../plugin-change';
import { DeletePluginCommand } from './delete-plugin.command';

@CommandHandler(DeletePluginCommand)
export class DeletePluginHandler implements ICommandHandler<DeletePluginCommand, PluginChange<Plugin>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id }: DeletePluginCommand): Promise<PluginChange<Plugin>> {
    const plugin = await authorsPlugin(this.repo, actorId, id);
    const now = this.clock.now();
    plugin.delete(actorId, now);
    const events = await this.repo.save([plugin], { actorId, occurredAt: now });
    return { value: toPluginSnapshot(plugin.snapshot()), events };
  }
}
