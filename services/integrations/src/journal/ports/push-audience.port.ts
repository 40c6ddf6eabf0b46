import type { Audience } from '@kiln/service-kit/realtime';

/**
 * The teams and shared models a person is in now (ADR 0019), as the workspace's `pushAudience` answers from its
 * state tables. Asked at read and delivery time (ADR 0066).
 */
export interface PushAudiences {
  of(userId: string): Promise<Audience>;
}

export const PUSH_AUDIENCES = Symbol('PushAudiences');
