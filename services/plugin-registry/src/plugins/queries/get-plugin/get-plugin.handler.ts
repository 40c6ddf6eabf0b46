import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Plugin } from '@kiln/contracts';
import { visiblePlugin } from '../../plugin-access';
import { PgPluginReadModel } from '../../adapters/pg-plugin.read-model';
import { GetPluginQuery } from './get-plugin.query';

/** Public plugins for everyone signed in, private ones for their author; else 404. */
@QueryHandler(GetPluginQuery)
export class GetPluginHandler implements IQueryHandler<GetPluginQuery, Plugin> {
  constructor(private readonly view: PgPluginReadModel) {}

  execute({ actorId, id }: GetPluginQuery): Promise<Plugin> {
    return visiblePlugin(this.view, actorId, id);
  }
}
