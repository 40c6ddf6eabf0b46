import { Inject, Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, PEOPLE_LOOKUP_MAX, WorkspacePeopleRpc } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { People } from '../ports/people.port';

/** Asks the workspace for names over NATS (Nest's request packet, signed, like NatsWorkspaceModels). */
@Injectable()
export class NatsPeople implements People {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async fullNames(actorId: string, ids: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const unique = [...new Set(ids.filter((id) => /^[0-9a-f]{24}$/.test(id)))];
    for (let i = 0; i < unique.length; i += PEOPLE_LOOKUP_MAX) {
      const rpc = WorkspacePeopleRpc.names;
      const subject = nsSubject(rpc.subject, this.runtime.config.namespace);
      const data = { actor: { userId: actorId }, body: { ids: unique.slice(i, i + PEOPLE_LOOKUP_MAX) } };
      const packet = await requestPacket(this.runtime.nats, subject, data, { timeout: 5000 }).catch(() => {
        throw { statusCode: 503, message: COMMON_MESSAGES.serviceAway };
      });
      if (packet.err !== undefined && packet.err !== null)
        throw isErrorBody(packet.err) ? packet.err : { statusCode: 503, message: COMMON_MESSAGES.serviceAway };
      for (const person of rpc.reply.parse(packet.response).data) names.set(person.id, person.fullName);
    }
    return names;
  }
}
