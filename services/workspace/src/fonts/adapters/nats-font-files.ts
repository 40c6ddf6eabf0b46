import { Inject, Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, ErrorBody, FontAssetsRpc, FontDescription } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { FontFiles } from '../ports/font.repository.port';

const UNAVAILABLE: ErrorBody = { statusCode: 503, message: COMMON_MESSAGES.serviceAway };

/** Asks the assets service to read a font file as the caller (`rpc.assets.font.describe`; ADR 0055); its refusals pass on as they are. */
@Injectable()
export class NatsFontFiles implements FontFiles {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async describe(actorId: string, mediaId: string): Promise<FontDescription> {
    const subject = nsSubject(FontAssetsRpc.describeFont.subject, this.runtime.config.namespace);
    let packet: { response?: unknown; err?: unknown };
    try {
      packet = await requestPacket(this.runtime.nats, subject, { actor: { userId: actorId }, body: { mediaId } }, { timeout: 10000 });
    } catch {
      throw UNAVAILABLE;
    }
    if (packet.err !== undefined && packet.err !== null) throw isErrorBody(packet.err) ? packet.err : UNAVAILABLE;
    return FontAssetsRpc.describeFont.reply.parse(packet.response);
  }
}
