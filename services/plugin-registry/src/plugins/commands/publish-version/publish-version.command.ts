import { Command } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { PluginChange } from '../../plugin-change';

/** The author publishes a version (or an alpha): through the build pipeline, or at once when already built. */
export class PublishVersionCommand extends Command<PluginChange<PluginVersion>> {
  constructor(
    readonly actorId: string,
    readonly pluginId: string,
    readonly version: string,
    readonly isAlpha: boolean,
  ) {
    super();
  }
}
