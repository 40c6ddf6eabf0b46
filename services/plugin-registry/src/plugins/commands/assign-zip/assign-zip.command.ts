import { Command } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { PluginChange } from '../../plugin-change';

/** The author attaches an uploaded zip (their own upload, ADR 0033) to a version. */
export class AssignZipCommand extends Command<PluginChange<PluginVersion>> {
  constructor(
    readonly actorId: string,
    readonly pluginId: string,
    readonly version: string,
    readonly mediaId: string,
  ) {
    super();
  }
}
