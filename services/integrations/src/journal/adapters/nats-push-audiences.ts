import { Inject, Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, WorkspaceRpc } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import type { Audience } from '@kiln/service-kit/realtime';
import { PushAudiences } from '../ports/push-audience.port';

/** Asks the workspace which teams and shares a person is in (`rpc.workspace.realtime.audience`, signed, ADR 0040). */
@Injectable()
export class NatsPushAudiences implements PushAudiences {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async of(userId: string): Promise<Audience> {
    const rpc = WorkspaceRpc.pushAudience;
    const packet = await requestPacket(
      this.runtime.nats,
      nsSubject(rpc.subject, this.runtime.config.namespace),
      { actor: { userId }, body: {} },
      { timeout: 5000 },
    ).catch(() => {
      throw { statusCode: 503, message: COMMON_MESSAGES.serviceAway };
    });
    if (packet.err !== undefined && packet.err !== null) throw isErrorBody(packet.err) ? packet.err : { statusCode: 503, message: COMMON_MESSAGES.serviceAway };
    return rpc.reply.parse(packet.response);
  }
}
