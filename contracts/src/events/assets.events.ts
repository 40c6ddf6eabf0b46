import { z } from 'zod';
import { Media } from '../assets/media';
import { envelope } from './envelope';

/** Media facts (ADR 0033, 0053): each carries the media record after the change. */
export const MediaRegisteredV1 = envelope('assets.media.registered.v1', z.object({ media: Media }));
export const MediaProcessedV1 = envelope('assets.media.processed.v1', z.object({ media: Media }));

export const AssetsEvents = {
  'assets.media.registered.v1': MediaRegisteredV1,
  'assets.media.processed.v1': MediaProcessedV1,
} as const;

export const ASSETS_EVENT_DESCRIPTIONS: Record<keyof typeof AssetsEvents, string> = {
  'assets.media.registered.v1':
    'An uploaded file was checked, moved into place (`media/<id>`) and recorded for its uploader; `preview.status` is `pending` for a kind with previews.',
  'assets.media.processed.v1':
    'The derived files of a media file were made (`preview.status` `ready`: thumbnail, viewer GLB, sanitised SVG as flagged) ' +
    'or could not be (`failed`, with a message).',
};

/** JetStream stream that holds the assets service's events. */
export const ASSETS_STREAM = { name: 'ASSETS_EVENTS', subjects: ['evt.assets.>'] } as const;
