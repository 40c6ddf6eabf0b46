import { Inject, Injectable } from '@nestjs/common';
import { COMMON_MESSAGES, WorkspacePeopleRpc } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { CustomerDirectory } from '../ports/customer-directory.port';

/** Asks the workspace who has an e-mail (`rpc.workspace.people.by-email`, signed like NatsPeople). */
@Injectable()
export class NatsCustomerDirectory implements CustomerDirectory {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async byEmail(actorId: string, email: string): Promise<{ id: string; fullName: string; avatar: string | null } | null> {
    const rpc = WorkspacePeopleRpc.byEmail;
    const subject = nsSubject(rpc.subject, this.runtime.config.namespace);
    const packet = await requestPacket(
      this.runtime.nats,
      subject,
      { actor: { userId: actorId }, body: { email: email.trim().toLowerCase() } },
      { timeout: 5000 },
    ).catch(() => {
      throw { statusCode: 503, message: COMMON_MESSAGES.serviceAway };
    });
    if (packet.err !== undefined && packet.err !== null) throw isErrorBody(packet.err) ? packet.err : { statusCode: 503, message: COMMON_MESSAGES.serviceAway };
    return rpc.reply.parse(packet.response).person;
  }
}
