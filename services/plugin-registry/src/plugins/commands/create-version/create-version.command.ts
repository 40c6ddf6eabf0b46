import { Command } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { PluginChange } from '../../plugin-change';

/** The author adds a version, higher than every version the plugin ever had. */
export class CreateVersionCommand extends Command<PluginChange<PluginVersion>> {
  constructor(
    readonly actorId: string,
    readonly pluginId: string,
    readonly version: string,
  ) {
    super();
  }
}
