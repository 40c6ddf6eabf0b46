import { EventSchemas, WEBHOOK_MESSAGES } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';

/**
 * Refuses an event type that is not in the published catalogue (EventSchemas: what docs/events.md and AsyncAPI
 * list), naming the first one at `path`: a webhook's `eventTypes`, the event feed's `types` (a typo there would
 * otherwise wait for events that never come).
 */
export function checkEventTypes(types: readonly string[], path: 'eventTypes' | 'types' = 'eventTypes'): void {
  const unknown = types.findIndex((t) => !(t in EventSchemas));
  if (unknown >= 0) {
    throw new DomainError('invalid', WEBHOOK_MESSAGES.eventTypeUnknown, [{ path: `${path}.${unknown}`, message: WEBHOOK_MESSAGES.eventTypeUnknown }]);
  }
}
