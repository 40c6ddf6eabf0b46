import { Inject, Injectable } from '@nestjs/common';
import { WebhookNotificationRpc, WorkspaceRpc } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import type { z } from 'zod';
import { PUSH_AUDIENCES, PushAudiences } from '../../journal/ports/push-audience.port';
import { EventVisibility } from '../../journal/visibility';
import { WebhookPeople } from '../ports/webhook-people.port';

type Contract = { subject: string; request: z.ZodTypeAny; reply: z.ZodTypeAny };

/**
 * What webhooks ask of the rest of Kiln: a person's teams (the journal's `pushAudience` port), a team's projects and
 * the notification of a disabled endpoint (workspace requests over NATS), and visibility with the journal's own rule
 * (EventVisibility, ADR 0066): the owner's rooms now against the event's audience, at each delivery, so a revoked
 * share or a left team stops the deliveries about it.
 */
@Injectable()
export class NatsWebhookPeople implements WebhookPeople {
  constructor(
    @Inject(ServiceRuntime) private readonly runtime: ServiceRuntime,
    @Inject(PUSH_AUDIENCES) private readonly audiences: PushAudiences,
    @Inject(EventVisibility) private readonly visibility: EventVisibility,
  ) {}

  private async ask<C extends Contract>(contract: C, data: z.input<C['request']>): Promise<z.output<C['reply']>> {
    const packet = await requestPacket(this.runtime.nats, nsSubject(contract.subject, this.runtime.config.namespace), data, { timeout: 5000 });
    if (packet.err !== undefined && packet.err !== null) {
      throw isErrorBody(packet.err) ? packet.err : new Error(`${contract.subject} failed`);
    }
    return contract.reply.parse(packet.response) as z.output<C['reply']>;
  }

  async teamRole(userId: string, teamId: string): Promise<string | null> {
    const audience = await this.audiences.of(userId);
    return audience.teams.find((t) => t.teamId === teamId)?.role ?? null;
  }

  async projectInTeam(userId: string, teamId: string, projectId: string): Promise<boolean> {
    try {
      const projects = await this.ask(WorkspaceRpc.listProjects, { actor: { userId }, body: { teamId } });
      return projects.data.some((p: { id: string }) => p.id === projectId);
    } catch (error) {
      if (isErrorBody(error) && error.statusCode < 500) return false;
      throw error;
    }
  }

  mayRead<E extends { audience: string[]; area: string | null }>(caller: { userId: string; teamId?: string }, entries: E[]): Promise<E[]> {
    return this.visibility.visibleTo(caller, entries);
  }

  async notifyDisabled(input: { ownerId: string; endpointId: string; url: string; disabledAt: Date }): Promise<void> {
    await this.ask(WebhookNotificationRpc.webhookDisabled, {
      actor: { userId: input.ownerId },
      body: { endpointId: input.endpointId, url: input.url, disabledAt: input.disabledAt.toISOString() },
    });
  }
}
