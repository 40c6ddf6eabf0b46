import { pushableEvent } from './parse-event';
import { PushPlan } from './push-plan';
import { routeEvent } from './route-event';
import { userRoom } from './rooms';

/** Every room a plan emits to (its `except` only picks one message per socket among them). */
export function planRooms(plan: PushPlan): string[] {
  const rooms = new Set<string>();
  for (const step of plan.steps) if (step.kind === 'emit') for (const room of step.to) rooms.add(room);
  return [...rooms].sort();
}

/**
 * Who may see an integration event, as the push rooms of ADR 0019 (`user:<id>`, `team:<t>:<role>`,
 * `model:<m>:<role>`), derived from the event alone with the same routing the live pushes use
 * (`routeEvent`): a person sees it when one of their current rooms is among these (ADR 0066). An event no
 * screen is pushed (a sign-up, a plugin's own record, an upload) concerns its actor only.
 */
export function eventAudience(event: { type: string; actorId?: string | null }): string[] {
  const parsed = pushableEvent(event);
  const plan = parsed.kind === 'event' ? routeEvent(parsed.event) : null;
  if (plan) return planRooms(plan);
  return event.actorId ? [userRoom(event.actorId)] : [];
}
