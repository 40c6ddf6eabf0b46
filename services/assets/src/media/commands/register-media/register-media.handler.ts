import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Media, MEDIA_MESSAGES, mediaLimit } from '@kiln/contracts';
import { checkUploadContent, DomainError, PLUGIN_MESSAGES, SNIFF_BYTES } from '@kiln/domain';
import { MEDIA_FILES, MediaFiles } from '../../ports/media-files.port';
import { MEDIA_REPOSITORY, MediaRepository } from '../../ports/media.repository.port';
import { RegisterMediaCommand } from './register-media.command';

/** A zip's first bytes: a local file header, or the end record of an empty archive (as the pipeline reads it). */
const ZIP_MAGIC = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

/**
 * Checked here, where the rules live (the repo's size limit again, a plugin upload must be a .zip by name
 * and by its first bytes, a library's file must be of its kind by name and by its bytes, ADR 0050), then
 * moved to `media/<id>` and recorded as the caller's (ADR 0033).
 */
@CommandHandler(RegisterMediaCommand)
export class RegisterMediaHandler implements ICommandHandler<RegisterMediaCommand, Media> {
  constructor(
    @Inject(MEDIA_FILES) private readonly files: MediaFiles,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
  ) {}

  async execute({ actorId, media: body }: RegisterMediaCommand): Promise<Media> {
    const upload = await this.files.inspectUpload(body.id, SNIFF_BYTES);
    if (!upload || upload.size !== body.size) return this.refuse(body.id, new DomainError('invalid', MEDIA_MESSAGES.incomplete));
    const limit = mediaLimit(body.repo, body.origin ?? 'upload', process.env);
    if (upload.size > limit) return this.refuse(body.id, { statusCode: 413, message: MEDIA_MESSAGES.tooLarge(limit) });
    if (body.repo === 'plugin' && (!/\.zip$/i.test(body.filename) || !ZIP_MAGIC.some((magic) => upload.head.subarray(0, 4).equals(magic)))) {
      return this.refuse(body.id, new DomainError('invalid', PLUGIN_MESSAGES.zipOnly, [{ path: 'file', message: PLUGIN_MESSAGES.zipOnly }]));
    }
    const content = checkUploadContent(body.repo, body.filename, upload.head, upload.size);
    if (!content.ok) return this.refuse(body.id, { statusCode: content.statusCode, message: content.message });
    let moved = false;
    // Moved inside the recording transaction: a failed move records nothing.
    return this.media
      .record(actorId, body, async () => {
        await this.files.accept(body.id);
        moved = true;
      })
      .catch(async (error) => {
        // Nothing recorded: nothing kept (moved, or still waiting as an upload).
        await (moved ? this.files.remove(body.id) : this.files.discardUpload(body.id));
        throw error;
      });
  }

  /** Refuses an upload: its file is removed, the caller gets `status` with `message`. */
  private async refuse(id: string, error: DomainError | { statusCode: number; message: string }): Promise<never> {
    await this.files.discardUpload(id);
    throw error;
  }
}
