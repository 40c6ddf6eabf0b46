import { Command } from '@nestjs/cqrs';
import { Plugin, UpdatePluginBody } from '@kiln/contracts';
import { PluginChange } from '../../plugin-change';

/** The author's edit of a plugin. */
export class UpdatePluginCommand extends Command<PluginChange<Plugin>> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdatePluginBody,
  ) {
    super();
  }
}
