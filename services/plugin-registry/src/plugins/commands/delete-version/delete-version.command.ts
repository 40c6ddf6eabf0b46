import { Command } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { PluginChange } from '../../plugin-change';

/** The author deletes a version (its number stays used). */
export class DeleteVersionCommand extends Command<PluginChange<PluginVersion>> {
  constructor(
    readonly actorId: string,
    readonly pluginId: string,
    readonly version: string,
  ) {
    super();
  }
}
