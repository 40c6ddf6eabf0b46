import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Availability } from '@kiln/contracts';
import { isValidPluginIdFormat, PLUGIN_MESSAGES } from '@kiln/domain';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { ValidateSlugQuery } from './validate-slug.query';

@QueryHandler(ValidateSlugQuery)
export class ValidateSlugHandler implements IQueryHandler<ValidateSlugQuery, Availability> {
  constructor(@Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository) {}

  async execute({ slug }: ValidateSlugQuery): Promise<Availability> {
    if (!isValidPluginIdFormat(slug)) return { available: false, message: PLUGIN_MESSAGES.invalidFormat };
    return (await this.repo.slugTaken(slug)) ? { available: false, message: PLUGIN_MESSAGES.slugUsed } : { available: true, message: null };
  }
}
