import { ASSETS_STREAM, Media, UploadKind } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';

/** Where a registered file's id goes to be processed in this process (the processor, once it runs). */
let wake: (mediaId: string, eventId: string, kind: UploadKind) => void = () => undefined;
export const onMediaToProcess = (handler: typeof wake) => {
  wake = handler;
};

/**
 * A registered file is processed (ADR 0053). The media row itself is the durable job (`pending` until
 * processed, claimed by one row update, the claim running out if its instance stops), so this reaction
 * only wakes this instance's processor; a repeated event finds the row no longer pending and does
 * nothing. No read model of its own: a rebuild does nothing.
 */
export const ProcessMediaOnMediaRegistered: Projection = {
  name: 'process-media-on-media-registered',
  stream: ASSETS_STREAM.name,
  subject: 'assets.media.registered.*',
  async apply(_trx, event) {
    const { media } = event.data as { media: Media };
    // After this transaction: the row was committed with the event, so the claim can be taken at once.
    setImmediate(() => wake(media.id, event.eventId, media.type));
  },
  async rebuild() {
    return 0;
  },
};
