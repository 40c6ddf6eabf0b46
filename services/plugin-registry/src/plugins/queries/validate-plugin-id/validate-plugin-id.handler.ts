import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Availability } from '@kiln/contracts';
import { isValidPluginIdFormat, PLUGIN_MESSAGES } from '@kiln/domain';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { ValidatePluginIdQuery } from './validate-plugin-id.query';

@QueryHandler(ValidatePluginIdQuery)
export class ValidatePluginIdHandler implements IQueryHandler<ValidatePluginIdQuery, Availability> {
  constructor(@Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository) {}

  async execute({ term }: ValidatePluginIdQuery): Promise<Availability> {
    if (!isValidPluginIdFormat(term)) return { available: false, message: PLUGIN_MESSAGES.invalidFormat };
    return (await this.repo.pluginIdTaken(term)) ? { available: false, message: PLUGIN_MESSAGES.pluginExists } : { available: true, message: null };
  }
}
