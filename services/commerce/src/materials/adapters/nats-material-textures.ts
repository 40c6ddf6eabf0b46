import { Inject, Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, ErrorBody, WorkspaceRpc } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { MaterialTextures, TextureReach } from '../ports/material-textures.port';

const UNAVAILABLE: ErrorBody = { statusCode: 503, message: COMMON_MESSAGES.serviceAway };

/**
 * Asks the workspace for a texture over NATS (Nest's request packet, signed, like NatsWorkspaceModels), as the
 * caller: the workspace's own rules say who sees it, so a texture the caller cannot see answers like a deleted one.
 */
@Injectable()
export class NatsMaterialTextures implements MaterialTextures {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async seenBy(actorId: string, textureId: string): Promise<TextureReach | null> {
    const rpc = WorkspaceRpc.getTexture;
    let packet: { response?: unknown; err?: unknown };
    try {
      packet = await requestPacket(
        this.runtime.nats,
        nsSubject(rpc.subject, this.runtime.config.namespace),
        { actor: { userId: actorId }, body: { id: textureId } },
        { timeout: 5000 },
      );
    } catch {
      // No workspace answering (or too slow): the caller may try again.
      throw UNAVAILABLE;
    }
    if (packet.err !== undefined && packet.err !== null) {
      if (isErrorBody(packet.err) && [400, 403, 404].includes(packet.err.statusCode)) return null;
      throw isErrorBody(packet.err) ? packet.err : UNAVAILABLE;
    }
    const texture = rpc.reply.parse(packet.response);
    return { public: texture.public, teamId: texture.teamId, projectId: texture.projectId };
  }
}
