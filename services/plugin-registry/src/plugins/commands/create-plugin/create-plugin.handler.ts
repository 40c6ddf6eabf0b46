import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Plugin } from '@kiln/contracts';
import { PluginAggregate } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { toPluginSnapshot } from '../../adapters/mappers';
import { CLOCK, Clock } from '@kiln/service-kit';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { PluginChange } from '../../plugin-change';
import { CreatePluginCommand } from './create-plugin.command';

@CommandHandler(CreatePluginCommand)
export class CreatePluginHandler implements ICommandHandler<CreatePluginCommand, PluginChange<Plugin>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, body, idempotency }: CreatePluginCommand): Promise<PluginChange<Plugin>> {
    const now = this.clock.now();
    const { type, ...rest } = body;
    const plugin = PluginAggregate.create({ ...rest, type, icons: body.icons, id: newId(now), authorId: actorId, now });
    const events = await this.repo.save([plugin], {
      actorId,
      occurredAt: now,
      ...(idempotency ? { idempotency: { ...idempotency, resourceId: plugin.snapshot().id } } : {}),
    });
    return { value: { ...toPluginSnapshot(plugin.snapshot()) } as Plugin, events };
  }
}
