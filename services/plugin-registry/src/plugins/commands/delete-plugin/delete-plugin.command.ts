import { Command } from '@nestjs/cqrs';
import { Plugin } from '@kiln/contracts';
import { PluginChange } from '../../plugin-change';

/** The author deletes a plugin (and its versions). */
export class DeletePluginCommand extends Command<PluginChange<Plugin>> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
