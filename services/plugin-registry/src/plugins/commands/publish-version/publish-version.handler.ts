import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PluginVersion } from '@kiln/contracts';
import { randomUUID } from 'node:crypto';
import { answerVersion, toVersionSnapshot } from '../../adapters/mappers';
import { CLOCK, Clock } from '@kiln/service-kit';
import { DEVELOPERS, Developers } from '../../ports/developers.port';
import { PIPELINE, Pipeline } from '../../../pipeline/ports/pipeline.port';
import { PLUGIN_FILES, PluginFiles } from '../../ports/plugin-files.port';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsVersion } from '../../plugin-access';
import { PluginChange } from '../../plugin-change';
import { publishedChange } from '../../published-change';
import { PublishVersionCommand } from './publish-version.command';

@CommandHandler(PublishVersionCommand)
export class PublishVersionHandler implements ICommandHandler<PublishVersionCommand, PluginChange<PluginVersion>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    @Inject(PIPELINE) private readonly pipeline: Pipeline,
    @Inject(DEVELOPERS) private readonly developers: Developers,
    @Inject(PLUGIN_FILES) private readonly files: PluginFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, pluginId, version: number, isAlpha }: PublishVersionCommand): Promise<PluginChange<PluginVersion>> {
    const { plugin, version } = await authorsVersion(this.repo, actorId, pluginId, number);
    const now = this.clock.now();
    if (version.publishKind(isAlpha) === 'pipeline') {
      const jobId = randomUUID();
      version.startPipeline(jobId, now);
      const id = version.snapshot().id;
      // The job and its place in the build queue commit together: whichever instance has a free slot runs it.
      const events = await this.repo.saveQueued(version, { actorId, occurredAt: now }, this.pipeline.queueValues());
      return { value: answerVersion(toVersionSnapshot(version.snapshot())), events, afterAnswer: () => this.pipeline.start(id, jobId) };
    }
    version.publish(isAlpha, { isDeveloper: this.developers.isDeveloper(actorId) }, now);
    return publishedChange(this.repo, this.files, actorId, plugin, version, now);
  }
}
