import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Plugin } from '@kiln/contracts';
import { DomainError, ICON_SLOT_MIME, PLUGIN_MESSAGES } from '@kiln/domain';
import { toPluginSnapshot } from '../../adapters/mappers';
import { CLOCK, Clock } from '@kiln/service-kit';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsPlugin } from '../../plugin-access';
import { PluginChange } from '../../plugin-change';
import { UpdatePluginCommand } from './update-plugin.command';

@CommandHandler(UpdatePluginCommand)
export class UpdatePluginHandler implements ICommandHandler<UpdatePluginCommand, PluginChange<Plugin>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id, changes }: UpdatePluginCommand): Promise<PluginChange<Plugin>> {
    const plugin = await authorsPlugin(this.repo, actorId, id);
    const now = this.clock.now();
    for (const [slot, media] of Object.entries(changes.icons ?? {}))
      if (media !== null && !(slot in ICON_SLOT_MIME)) throw new DomainError('invalid', PLUGIN_MESSAGES.iconMd);
    plugin.update(changes, actorId, now);
    const events = await this.repo.save([plugin], { actorId, occurredAt: now });
    return { value: toPluginSnapshot(plugin.snapshot()), events };
  }
}
