import { EventsRpc } from '@kiln/contracts';
import { AreaRoutes, rpcRoute } from '@kiln/service-kit';
import { NatsPushAudiences } from './adapters/nats-push-audiences';
import { PgEventJournal } from './adapters/pg-event-journal';
import { PgJournalWriter } from './adapters/pg-journal-writer';
import { EVENT_JOURNAL } from './ports/event-journal.port';
import { PUSH_AUDIENCES } from './ports/push-audience.port';
import { ReadEventsHandler } from './queries/read-events/read-events.handler';
import { ReadEventsQuery } from './queries/read-events/read-events.query';
import { EventVisibility } from './visibility';

/**
 * The event journal (issue 21, ADR 0066): every integration event of the four streams once, in order, with who may
 * see it; `GET /api/events` reads it. Webhooks (ADR 0067) use EVENT_JOURNAL and EventVisibility.
 */
export const journalRoutes: AreaRoutes = {
  providers: [
    PgEventJournal,
    PgJournalWriter,
    { provide: EVENT_JOURNAL, useExisting: PgEventJournal },
    { provide: PUSH_AUDIENCES, useClass: NatsPushAudiences },
    EventVisibility,
    ReadEventsHandler,
  ],
  routes: [
    rpcRoute({
      rpc: EventsRpc.read,
      kind: 'query',
      handle: ({ actor, query }, context) => context.queries.execute(new ReadEventsQuery(actor, query)),
    }),
  ],
  // The journal's consumers run in one instance at a time (PgJournalWriter), not in every instance as projections do.
  projections: [],
};
