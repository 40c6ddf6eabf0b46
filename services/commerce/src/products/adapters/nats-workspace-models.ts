import { Inject, Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, ErrorBody, WorkspacePublishingRpc, WorkspaceRpc } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { z } from 'zod';
import { WorkspaceModels } from '../ports/workspace-models.port';

const UNAVAILABLE: ErrorBody = { statusCode: 503, message: COMMON_MESSAGES.serviceAway };

/**
 * Asks the workspace over NATS, signed as the BFF signs (Nest's request packet), always naming the caller: the
 * workspace answers with its own policy table, so the commerce service never guesses who owns a model.
 */
@Injectable()
export class NatsWorkspaceModels implements WorkspaceModels {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async publishRight(actorId: string, modelId: string): Promise<'allowed' | 'forbidden' | 'not-found'> {
    try {
      const access = await this.call(WorkspaceRpc.modelAccessibility, { actor: { userId: actorId }, body: { id: modelId } });
      return access.can.publish ? 'allowed' : 'forbidden';
    } catch (error) {
      if (isErrorBody(error) && (error.statusCode === 404 || error.statusCode === 400)) return 'not-found';
      throw error;
    }
  }

  async emailOf(actorId: string): Promise<string | null> {
    return (await this.call(WorkspacePublishingRpc.actorEmail, { actor: { userId: actorId }, body: {} })).email;
  }

  private async call<R extends { subject: string; request: z.ZodTypeAny; reply: z.ZodTypeAny }>(
    rpc: R,
    data: z.input<R['request']>,
  ): Promise<z.output<R['reply']>> {
    const subject = nsSubject(rpc.subject, this.runtime.config.namespace);
    let packet: { response?: unknown; err?: unknown };
    try {
      packet = await requestPacket(this.runtime.nats, subject, data, { timeout: 5000 });
    } catch {
      // No workspace answering (or too slow, or refusing our proof): the caller may try again.
      throw UNAVAILABLE;
    }
    if (packet.err !== undefined && packet.err !== null) throw isErrorBody(packet.err) ? packet.err : UNAVAILABLE;
    return rpc.reply.parse(packet.response) as z.output<R['reply']>;
  }
}
