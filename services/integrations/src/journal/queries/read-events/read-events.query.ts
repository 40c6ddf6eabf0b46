import { Query } from '@nestjs/cqrs';
import { EventsCaller, EventsPage, EventsQuery } from '@kiln/contracts';

/** The caller's visible events after a cursor; waits for one when none is there (ADR 0066). */
export class ReadEventsQuery extends Query<EventsPage> {
  constructor(
    readonly caller: EventsCaller,
    readonly query: EventsQuery,
  ) {
    super();
  }
}
