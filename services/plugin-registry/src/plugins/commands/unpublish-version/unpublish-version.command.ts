import { Command } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { PluginChange } from '../../plugin-change';

/** The author takes a published version off the public API. */
export class UnpublishVersionCommand extends Command<PluginChange<PluginVersion>> {
  constructor(
    readonly actorId: string,
    readonly pluginId: string,
    readonly version: string,
  ) {
    super();
  }
}
