import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Media, MEDIA_PREVIEW_MESSAGES, MediaPreview, UploadKind } from '@kiln/contracts';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { formatOf, hasPreview } from '../media-kinds';
import { MEDIA_FILES, MediaFiles } from '../ports/media-files.port';
import { MEDIA_PREVIEWS, MediaPreviews, PreviewFailure } from '../ports/media-previews.port';
import { MEDIA_REPOSITORY, MediaRepository } from '../ports/media.repository.port';
import { onMediaToProcess } from './process-media-on-media-registered';

export const MEDIA_PROCESSING_CONFIG = Symbol('media processing config');

export interface MediaProcessingConfig {
  /** How long a claim lasts; past it another instance (or the next start) takes the file again. */
  leaseMs: number;
  /** How often pending files nobody holds are looked for (missed wake-ups, crashed instances). */
  sweepMs: number;
  /** Files processed at once by this instance in each lane (3D objects; images and vector graphics). */
  concurrency: number;
  /** Claims a file may have; the next one records it as failed (it took its processor down each time). */
  maxAttempts: number;
}

export const mediaProcessingConfig = (env: Record<string, string | undefined>): MediaProcessingConfig => ({
  leaseMs: Number(env.KILN_MEDIA_LEASE_MS) || 5 * 60_000,
  sweepMs: Number(env.KILN_MEDIA_SWEEP_MS) || 30_000,
  concurrency: Number(env.KILN_MEDIA_CONCURRENCY) || 1,
  maxAttempts: 3,
});

/**
 * Processes registered files into their derived files (ADR 0053). Woken by the reaction to
 * `assets.media.registered.v1` and by a periodic sweep; each file is claimed by one row update, made into
 * its derived files outside any transaction, stored (`media/<id>.<variant>`, replaced whole if done
 * twice), then recorded with `assets.media.processed.v1` in one transaction that holds only if the claim
 * is still ours. A crash mid-way leaves the row pending: its claim runs out and the work is done again.
 */
@Injectable()
export class MediaProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('media-processing');
  readonly instance = randomUUID();
  private readonly running = new Map<string, Promise<void>>();
  /** 3D objects, then images and vector graphics. */
  private readonly lanes: { running: number; waiting: { id: string; causationId: string | null }[] }[] = [
    { running: 0, waiting: [] },
    { running: 0, waiting: [] },
  ];
  private sweeper?: NodeJS.Timeout;
  private closing = false;

  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(MEDIA_FILES) private readonly files: MediaFiles,
    @Inject(MEDIA_PREVIEWS) private readonly previews: MediaPreviews,
    @Inject(MEDIA_PROCESSING_CONFIG) private readonly config: MediaProcessingConfig,
  ) {}

  onApplicationBootstrap(): void {
    onMediaToProcess((id, eventId, kind) => this.enqueue(id, eventId, kind));
    this.sweeper = setInterval(() => void this.sweep(), this.config.sweepMs);
    void this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    onMediaToProcess(() => undefined);
    await Promise.race([Promise.allSettled(this.running.values()), new Promise((r) => setTimeout(r, 2000))]);
  }

  /** Pending files nobody holds: the ones whose wake-up was missed or whose instance stopped. */
  async sweep(): Promise<void> {
    if (this.closing) return;
    try {
      for (const { id, kind } of await this.media.claimable(20)) this.enqueue(id, null, kind);
    } catch (error) {
      if (!this.closing) this.logger.warn(`sweep: ${(error as Error).message}`);
    }
  }

  /**
   * Queues a file in its lane: 3D conversions (up to minutes each) in one, images and vector graphics in
   * the other, so a thumbnail never waits behind a large STEP file. Each lane runs `concurrency` at once.
   */
  enqueue(id: string, causationId: string | null, kind?: UploadKind): void {
    if (this.closing || this.running.has(id) || this.lanes.some((lane) => lane.waiting.some((w) => w.id === id))) return;
    this.lanes[kind === 'object3d' ? 0 : 1]!.waiting.push({ id, causationId });
    this.next();
  }

  private next(): void {
    for (const lane of this.lanes) {
      while (!this.closing && lane.running < this.config.concurrency && lane.waiting.length > 0) {
        const { id, causationId } = lane.waiting.shift()!;
        lane.running++;
        const run = this.process(id, causationId)
          .then(() => undefined)
          .catch((error: unknown) => this.logger.error(`media ${id}: ${(error as Error).message}`))
          .finally(() => {
            lane.running--;
            this.running.delete(id);
            this.next();
          });
        this.running.set(id, run);
      }
    }
  }

  /** Claims, makes, stores and records one file; answers the record when this instance recorded it. */
  async process(id: string, causationId: string | null): Promise<Media | null> {
    const claimed = await this.media.claim(id, this.instance, this.config.leaseMs);
    if (!claimed) return null; // processed already, or another instance holds it
    const { media, attempts } = claimed;
    if (attempts > this.config.maxAttempts) {
      return this.media.finish(id, this.instance, failed(MEDIA_PREVIEW_MESSAGES.gaveUp), causationId);
    }
    let preview: MediaPreview;
    try {
      preview = await this.make(media);
    } catch (error) {
      if (this.closing) {
        await this.media.release(id, this.instance).catch(() => undefined);
        return null;
      }
      throw error; // ours, not the file's: the claim runs out and the file is tried again
    }
    return this.media.finish(id, this.instance, preview, causationId);
  }

  private async make(media: Media): Promise<MediaPreview> {
    const format = hasPreview(media.type) ? formatOf(media.type, media.filename) : null;
    if (!format) return { status: 'ready', thumbnail: false, view: false, svg: false };
    const folder = await mkdtemp(join(tmpdir(), 'kiln-media-'));
    try {
      const original = await this.files.read(media.id);
      if (!original) return failed(MEDIA_PREVIEW_MESSAGES.missing);
      const source = join(folder, 'original');
      await pipeline(original, createWriteStream(source));
      let derived;
      try {
        derived = await this.previews.make(format, source);
      } catch (error) {
        if (error instanceof PreviewFailure) return failed(error.message);
        throw error;
      }
      if (derived.view) await this.files.writeDerived(media.id, 'view.glb', derived.view);
      if (derived.svg) await this.files.writeDerived(media.id, 'safe.svg', derived.svg);
      if (derived.thumbnail) await this.files.writeDerived(media.id, 'thumb.png', derived.thumbnail);
      return {
        status: 'ready',
        thumbnail: Boolean(derived.thumbnail),
        view: Boolean(derived.view),
        svg: Boolean(derived.svg),
        ...(derived.width !== undefined && derived.height !== undefined ? { width: derived.width, height: derived.height } : {}),
        ...(derived.size3d ? { size3d: derived.size3d } : {}),
      };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

const failed = (message: string): MediaPreview => ({ status: 'failed', message, thumbnail: false, view: false, svg: false });
