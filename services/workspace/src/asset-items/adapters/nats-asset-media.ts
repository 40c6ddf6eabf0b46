import { Inject, Injectable } from '@nestjs/common';
import { AssetsRpc, COMMON_MESSAGES, ErrorBody, Media } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { AssetMedia } from '../ports/asset-media.port';

const UNAVAILABLE: ErrorBody = { statusCode: 503, message: COMMON_MESSAGES.serviceAway };

/** Asks the assets service for a media record as the caller (`rpc.assets.media.get`; ADR 0033): it answers only its uploader. */
@Injectable()
export class NatsAssetMedia implements AssetMedia {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async mediaOf(actorId: string, mediaId: string): Promise<Media | null> {
    const subject = nsSubject(AssetsRpc.getMedia.subject, this.runtime.config.namespace);
    let packet: { response?: unknown; err?: unknown };
    try {
      packet = await requestPacket(this.runtime.nats, subject, { actor: { userId: actorId }, body: { id: mediaId } }, { timeout: 5000 });
    } catch {
      throw UNAVAILABLE;
    }
    if (packet.err !== undefined && packet.err !== null) {
      if (isErrorBody(packet.err) && packet.err.statusCode === 404) return null;
      throw isErrorBody(packet.err) ? packet.err : UNAVAILABLE;
    }
    return AssetsRpc.getMedia.reply.parse(packet.response);
  }
}
