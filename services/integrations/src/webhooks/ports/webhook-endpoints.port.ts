import type { WebhookScopeKind } from '@kiln/contracts';

/** An endpoint as kept (the secret sealed). */
export interface WebhookEndpointRecord {
  id: string;
  ownerId: string;
  scope: WebhookScopeKind;
  teamId: string | null;
  projectId: string | null;
  url: string;
  description: string;
  eventTypes: string[];
  ordered: boolean;
  secretSealed: string;
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type WebhookEndpointChanges = Partial<
  Pick<WebhookEndpointRecord, 'url' | 'description' | 'eventTypes' | 'ordered' | 'enabled' | 'disabledReason' | 'disabledAt'>
>;

/** Where endpoints are kept. */
export interface WebhookEndpoints {
  /** Saves a new endpoint; its deliveries start after the journal's current end. */
  create(endpoint: WebhookEndpointRecord): Promise<void>;
  find(id: string): Promise<WebhookEndpointRecord | null>;
  /** A scope's endpoints, newest first: a person's own (teamId null), or a team's (projectId null: all of the team's). */
  list(where: { ownerId: string; teamId: string | null; projectId: string | null }): Promise<WebhookEndpointRecord[]>;
  countInScope(where: { ownerId: string; teamId: string | null; projectId: string | null }): Promise<number>;
  update(id: string, changes: WebhookEndpointChanges, now: Date): Promise<WebhookEndpointRecord>;
  remove(id: string): Promise<void>;
  /** Endpoints disabled after their retries whose owner has not been told yet. */
  unnotified(): Promise<WebhookEndpointRecord[]>;
  markNotified(id: string): Promise<void>;
}

export const WEBHOOK_ENDPOINTS = Symbol('WebhookEndpoints');
