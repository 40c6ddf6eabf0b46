/**
 * What webhooks ask of the rest of Kiln: a person's role in a team (who may manage a team's endpoints), whether a
 * project is in a team, which events a person may see now (asked at each delivery), and telling an endpoint's owner
 * it was disabled (a workspace notification).
 */
export interface WebhookPeople {
  teamRole(userId: string, teamId: string): Promise<string | null>;
  projectInTeam(userId: string, teamId: string, projectId: string): Promise<boolean>;
  /**
   * The journaled events the endpoint's owner may see now (a team endpoint: only through that team's rooms; ADR
   * 0066's rule), by the audience and area the journal derived from each event when it took it (the owner's rooms
   * are asked now; an event's audience never changes).
   */
  mayRead<E extends { audience: string[]; area: string | null }>(caller: { userId: string; teamId?: string }, entries: E[]): Promise<E[]>;
  notifyDisabled(input: { ownerId: string; endpointId: string; url: string; disabledAt: Date }): Promise<void>;
}

export const WEBHOOK_PEOPLE = Symbol('WebhookPeople');
