import { Inject, Injectable } from '@nestjs/common';
import { AnyEventEnvelope, WebhookNotificationRpc, WorkspaceRpc } from '@kiln/contracts';
import { isErrorBody, nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { audienceRooms, eventAudience, userRoom } from '@kiln/service-kit/realtime';
import type { z } from 'zod';
import { WebhookPeople } from '../ports/webhook-people.port';

type Contract = { subject: string; request: z.ZodTypeAny; reply: z.ZodTypeAny };

/**
 * What webhooks ask of the workspace, over NATS: a person's teams and shares (`pushAudience`, the same answer a
 * socket joins its rooms with), a team's projects, and the notification of a disabled endpoint. Visibility is the
 * push rooms' (ADR 0019, 0066): a person sees an event when one of their current rooms is in its audience, asked
 * afresh at each delivery, so a revoked share or a left team stops the deliveries about it.
 */
@Injectable()
export class NatsWebhookPeople implements WebhookPeople {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  private async ask<C extends Contract>(contract: C, data: z.input<C['request']>): Promise<z.output<C['reply']>> {
    const packet = await requestPacket(this.runtime.nats, nsSubject(contract.subject, this.runtime.config.namespace), data, { timeout: 5000 });
    if (packet.err !== undefined && packet.err !== null) {
      throw isErrorBody(packet.err) ? packet.err : new Error(`${contract.subject} failed`);
    }
    return contract.reply.parse(packet.response) as z.output<C['reply']>;
  }

  private audience(userId: string) {
    return this.ask(WorkspaceRpc.pushAudience, { actor: { userId }, body: {} });
  }

  async teamRole(userId: string, teamId: string): Promise<string | null> {
    const audience = await this.audience(userId);
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

  async visibleTo(userId: string, events: AnyEventEnvelope[]): Promise<AnyEventEnvelope[]> {
    if (events.length === 0) return [];
    const rooms = new Set([userRoom(userId), ...audienceRooms((await this.audience(userId)) as Parameters<typeof audienceRooms>[0])]);
    return events.filter((event) => eventAudience(event).some((room) => rooms.has(room)));
  }

  async notifyDisabled(input: { ownerId: string; endpointId: string; url: string; disabledAt: Date }): Promise<void> {
    await this.ask(WebhookNotificationRpc.webhookDisabled, {
      actor: { userId: input.ownerId },
      body: { endpointId: input.endpointId, url: input.url, disabledAt: input.disabledAt.toISOString() },
    });
  }
}
