import { Command } from '@nestjs/cqrs';
import { CreatePluginBody, Plugin } from '@kiln/contracts';
import { IdempotencyClaim } from '@kiln/service-kit';
import { PluginChange } from '../../plugin-change';

/** A new plugin, private by default, authored by the caller. */
export class CreatePluginCommand extends Command<PluginChange<Plugin>> {
  constructor(
    readonly actorId: string,
    readonly body: CreatePluginBody,
    readonly idempotency?: Omit<IdempotencyClaim, 'resourceId'>,
  ) {
    super();
  }
}
