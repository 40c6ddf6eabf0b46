import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MEDIA_MESSAGES, PluginVersion } from '@kiln/contracts';
import { DomainError, PLUGIN_MESSAGES } from '@kiln/domain';
import { answerVersion, toVersionSnapshot } from '../../adapters/mappers';
import { CLOCK, Clock } from '@kiln/service-kit';
import { MEDIA_OWNERSHIP, MediaOwnership } from '../../ports/media-ownership.port';
import { PLUGIN_FILES, PluginFiles } from '../../ports/plugin-files.port';
import { PLUGINS_REPOSITORY, PluginsRepository } from '../../ports/plugins.repository.port';
import { authorsVersion } from '../../plugin-access';
import { PluginChange } from '../../plugin-change';
import { AssignZipCommand } from './assign-zip.command';

@CommandHandler(AssignZipCommand)
export class AssignZipHandler implements ICommandHandler<AssignZipCommand, PluginChange<PluginVersion>> {
  constructor(
    @Inject(PLUGINS_REPOSITORY) private readonly repo: PluginsRepository,
    @Inject(MEDIA_OWNERSHIP) private readonly media: MediaOwnership,
    @Inject(PLUGIN_FILES) private readonly files: PluginFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, pluginId, version: number, mediaId }: AssignZipCommand): Promise<PluginChange<PluginVersion>> {
    const { version } = await authorsVersion(this.repo, actorId, pluginId, number);
    // Only the uploader's own media (ADR 0033): someone else's id is as unknown as a made-up one.
    const media = await this.media.mediaOf(actorId, mediaId);
    if (!media) throw new DomainError('not-found', MEDIA_MESSAGES.notFound, [{ path: 'mediaId', message: MEDIA_MESSAGES.notFound }]);
    if (media.type !== 'plugin' || !(await this.files.isZip(mediaId)))
      throw new DomainError('invalid', PLUGIN_MESSAGES.zipOnly, [{ path: 'mediaId', message: PLUGIN_MESSAGES.zipOnly }]);
    const now = this.clock.now();
    version.assignZip(mediaId, now);
    const events = await this.repo.save([version], { actorId, occurredAt: now });
    return { value: answerVersion(toVersionSnapshot(version.snapshot())), events };
  }
}
