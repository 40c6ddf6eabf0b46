import { Inject, Injectable } from '@nestjs/common';
import { WEBHOOK_MESSAGES, WebhookEndpoint } from '@kiln/contracts';
import { DomainError, mayManageEndpoint, type WebhookScope } from '@kiln/domain';
import { WEBHOOK_ENDPOINTS, WebhookEndpointRecord, WebhookEndpoints } from './ports/webhook-endpoints.port';
import { WEBHOOK_PEOPLE, WebhookPeople } from './ports/webhook-people.port';

/** An endpoint as answered: never its secret. */
export function presentEndpoint(e: WebhookEndpointRecord): WebhookEndpoint {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    scope: e.scope,
    ownerId: e.ownerId,
    teamId: e.teamId,
    projectId: e.projectId,
    ordered: e.ordered,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/**
 * Who may do what with endpoints (ADR 0067): a personal endpoint is its owner's alone; a team's (or a project's)
 * endpoints are managed by the team's owners. Anyone else is told the endpoint does not exist, a team member who
 * is not an owner that only owners may.
 */
@Injectable()
export class WebhookAccess {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(WEBHOOK_PEOPLE) private readonly people: WebhookPeople,
  ) {}

  /** The scope of a new endpoint or of a list, checked for the caller. */
  async scopeFor(actorId: string, where: { teamId?: string | null; projectId?: string | null }): Promise<WebhookScope> {
    const teamId = where.teamId ?? null;
    const projectId = where.projectId ?? null;
    if (teamId === null) {
      if (projectId !== null)
        throw new DomainError('invalid', WEBHOOK_MESSAGES.projectNotInTeam, [{ path: 'projectId', message: WEBHOOK_MESSAGES.projectNotInTeam }]);
      return { kind: 'personal', teamId: null, projectId: null };
    }
    const role = await this.people.teamRole(actorId, teamId);
    if (role === null) throw new DomainError('not-found', 'Team not found');
    if (role !== 'owner') throw new DomainError('forbidden', WEBHOOK_MESSAGES.teamOwnerOnly);
    if (projectId !== null && !(await this.people.projectInTeam(actorId, teamId, projectId))) {
      throw new DomainError('invalid', WEBHOOK_MESSAGES.projectNotInTeam, [{ path: 'projectId', message: WEBHOOK_MESSAGES.projectNotInTeam }]);
    }
    return projectId === null ? { kind: 'team', teamId, projectId: null } : { kind: 'project', teamId, projectId };
  }

  /** The endpoint, if the caller may manage it. */
  async managed(actorId: string, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = await this.endpoints.find(id);
    if (!endpoint) throw new DomainError('not-found', WEBHOOK_MESSAGES.notFound);
    const scope = { kind: endpoint.scope, teamId: endpoint.teamId, projectId: endpoint.projectId };
    const role = endpoint.teamId === null ? null : await this.people.teamRole(actorId, endpoint.teamId);
    if (mayManageEndpoint(actorId, { ownerId: endpoint.ownerId, scope }, role)) return endpoint;
    if (role !== null) throw new DomainError('forbidden', WEBHOOK_MESSAGES.teamOwnerOnly);
    throw new DomainError('not-found', WEBHOOK_MESSAGES.notFound);
  }
}
