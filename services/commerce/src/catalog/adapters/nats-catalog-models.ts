import { Inject, Injectable } from '@nestjs/common';
import { CATALOG_LOOKUP_MAX, CatalogModelSource, COMMON_MESSAGES, ErrorBody, WorkspaceCatalogRpc } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { CatalogModels } from '../ports/catalog-models.port';

const UNAVAILABLE: ErrorBody = { statusCode: 503, message: COMMON_MESSAGES.serviceAway };

/** Asks the workspace over NATS (Nest's request packet, signed, like NatsWorkspaceModels), naming the caller. */
@Injectable()
export class NatsCatalogModels implements CatalogModels {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async lookUp(actorId: string, ids: string[]): Promise<CatalogModelSource[]> {
    const rpc = WorkspaceCatalogRpc.models;
    const subject = nsSubject(rpc.subject, this.runtime.config.namespace);
    const answers: CatalogModelSource[] = [];
    for (let i = 0; i < ids.length; i += CATALOG_LOOKUP_MAX) {
      const data = { actor: { userId: actorId }, body: { ids: ids.slice(i, i + CATALOG_LOOKUP_MAX) } };
      let packet: { response?: unknown; err?: unknown };
      try {
        packet = await requestPacket(this.runtime.nats, subject, data, { timeout: 5000 });
      } catch {
        // No workspace answering (or too slow, or refusing our proof): the caller may try again.
        throw UNAVAILABLE;
      }
      if (packet.err !== undefined && packet.err !== null) throw isErrorBody(packet.err) ? packet.err : UNAVAILABLE;
      answers.push(...rpc.reply.parse(packet.response).data);
    }
    return answers;
  }
}
