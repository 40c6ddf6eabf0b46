import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';

/**
 * The Server-Sent Events streams of `GET /api/events` open on this instance. At shutdown they are ended first
 * (before the HTTP server waits for its connections), so a stream never holds the BFF up; its client reconnects
 * with its Last-Event-ID, to another instance or to this one once it is back.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown {
  private readonly open = new Set<() => void>();
  private closing = false;

  /** Registers a stream's end; answers its removal (when the stream ends by itself). */
  add(end: () => void): () => void {
    if (this.closing) {
      end();
      return () => undefined;
    }
    this.open.add(end);
    return () => this.open.delete(end);
  }

  beforeApplicationShutdown(): void {
    this.closing = true;
    for (const end of [...this.open]) end();
    this.open.clear();
  }
}
