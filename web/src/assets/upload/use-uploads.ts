import { useCallback, useMemo, useState } from 'react';
import type { Media } from '@kiln/contracts';
import { UPLOAD_TEXTS, uploadFolderOf, type UploadKind } from '@kiln/contracts/constants';
import { messageOf } from '../../api/client';
import { useLatest } from '../../ui/use-latest';
import { checkUpload, type UploadRefusal, type UploadVia } from './upload-checks';
import { sendUpload } from './upload-request';

/** Requests sent at the same time; the others wait their turn (ADR 0056). */
export const PARALLEL_UPLOADS = 3;

/** One file of the current uploads. */
export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  /** waiting its turn, sending its bytes, being added to the library, done, or failed (refused before sending included). */
  state: 'waiting' | 'sending' | 'saving' | 'done' | 'failed';
  /** Bytes sent so far. */
  loaded: number;
  /** Why it failed, in a sentence. */
  message?: string;
  /** Set when it was refused before sending (its extension or size). */
  refusal?: UploadRefusal['reason'];
}

/** The notification's state (spec 001 §4, §8): uploading with a running count, then success and/or failure. */
export interface UploadSummary {
  total: number;
  /** Finished, either way. */
  finished: number;
  succeeded: number;
  failed: number;
  running: boolean;
}

export interface UploadsOptions {
  kind: UploadKind;
  /**
   * What to do with each stored file, e.g. create the library item with its media id (POST /api/workspace/image).
   * A rejection fails that file, with the error's sentence.
   */
  onStored: (media: Media, file: File) => Promise<unknown>;
  /** After the last file of a run finished (a list to refresh). */
  onSettled?: () => void;
}

let nextKey = 0;

/** The files of a screen's uploads and their queue, outside React: its state goes out through `emit`. */
class UploadRun {
  private entries: UploadEntry[] = [];
  private readonly queue: { entry: UploadEntry; file: File; kind: UploadKind }[] = [];
  private active = 0;

  constructor(
    private readonly hooks: { readonly current: Pick<UploadsOptions, 'onStored' | 'onSettled'> },
    private readonly emit: (entries: UploadEntry[]) => void,
  ) {}

  add(kind: UploadKind, files: File[], via: UploadVia) {
    if (files.length === 0) return;
    // A new run starts a new count once the previous one has finished.
    if (this.entries.every(isFinished)) this.entries = [];
    for (const file of files) {
      const refusal = checkUpload(kind, file, via);
      const entry: UploadEntry = {
        key: `upload-${nextKey++}`,
        name: file.name,
        size: file.size,
        state: refusal ? 'failed' : 'waiting',
        loaded: 0,
        message: refusal?.message,
        refusal: refusal?.reason,
      };
      this.entries = [...this.entries, entry];
      if (!refusal) this.queue.push({ entry, file, kind });
    }
    this.emit(this.entries);
    this.pump();
  }

  clear() {
    this.entries = this.entries.filter((e) => !isFinished(e));
    this.emit(this.entries);
  }

  private update(key: string, change: Partial<UploadEntry>) {
    this.entries = this.entries.map((e) => (e.key === key ? { ...e, ...change } : e));
    this.emit(this.entries);
  }

  private pump() {
    while (this.active < PARALLEL_UPLOADS && this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.active += 1;
      void this.send(next).finally(() => {
        this.active -= 1;
        if (this.active === 0 && this.queue.length === 0) this.hooks.current.onSettled?.();
        this.pump();
      });
    }
  }

  private async send({ entry, file, kind }: { entry: UploadEntry; file: File; kind: UploadKind }) {
    this.update(entry.key, { state: 'sending' });
    try {
      const media = await sendUpload(file, { repo: kind, folder: uploadFolderOf(new Date()) }, (loaded) => this.update(entry.key, { loaded }));
      this.update(entry.key, { state: 'saving', loaded: file.size });
      await this.hooks.current.onStored(media, file);
      this.update(entry.key, { state: 'done' });
    } catch (error) {
      this.update(entry.key, { state: 'failed', message: messageOf(error) });
    }
  }
}

/**
 * The uploads of a library screen, generic over the kind: files are checked (extension and size by the way
 * they came), then sent one file a request, three at a time, each with its own progress, and handed to
 * `onStored`. Files added while others are running join the same count. Requests keep going if the screen is
 * left; the list they end in is refreshed by its live channel.
 */
export function useUploads({ kind, onStored, onSettled }: UploadsOptions) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const hooks = useLatest({ onStored, onSettled });
  const [run] = useState(() => new UploadRun(hooks, setEntries));
  const add = useCallback((files: Iterable<File>, via: UploadVia) => run.add(kind, [...files], via), [run, kind]);
  /** Dismisses the finished notification. */
  const clear = useCallback(() => run.clear(), [run]);
  const summary = useMemo<UploadSummary>(() => summarise(entries), [entries]);
  return { entries, summary, add, clear };
}

export const isFinished = (entry: UploadEntry) => entry.state === 'done' || entry.state === 'failed';

export function summarise(entries: readonly UploadEntry[]): UploadSummary {
  const succeeded = entries.filter((e) => e.state === 'done').length;
  const failed = entries.filter((e) => e.state === 'failed').length;
  return { total: entries.length, finished: succeeded + failed, succeeded, failed, running: succeeded + failed < entries.length };
}

/** The notification's title and line (spec 001 §8), for a summary. */
export function summaryTexts(summary: UploadSummary): { uploading?: [string, string]; success?: [string, string]; failed?: [string, string] } {
  if (summary.total === 0) return {};
  if (summary.running) return { uploading: [UPLOAD_TEXTS.uploading, UPLOAD_TEXTS.uploadingCount(summary.finished, summary.total)] };
  return {
    success: summary.succeeded > 0 ? [UPLOAD_TEXTS.success, UPLOAD_TEXTS.successCount(summary.succeeded, summary.total)] : undefined,
    failed: summary.failed > 0 ? [UPLOAD_TEXTS.failed, UPLOAD_TEXTS.failedCount(summary.failed)] : undefined,
  };
}
