import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENTS_MESSAGES, EVENTS_PAGE_DEFAULT, EVENTS_WAIT_DEFAULT_S, EventsPage } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { checkEventTypes } from '../../../event-catalogue';
import { EVENT_JOURNAL, EventJournal } from '../../ports/event-journal.port';
import { EventVisibility, mayRead } from '../../visibility';
import { ReadEventsQuery } from './read-events.query';

/** A waiting reader looks again at least this often (ms), should a notification be lost: `KILN_EVENTS_RECHECK_MS`, default 5 s. */
const recheckMs = () => Number(process.env.KILN_EVENTS_RECHECK_MS ?? 5000);

/**
 * A page of the caller's visible events after the cursor, checked against the rooms the caller is in now (410 when
 * events after it are no longer kept). When
 * there are none it waits for the journal's next commit (any instance's) and looks again, until the wait is over;
 * then it answers an empty page with the same cursor.
 */
@QueryHandler(ReadEventsQuery)
export class ReadEventsHandler implements IQueryHandler<ReadEventsQuery, EventsPage> {
  constructor(
    @Inject(EVENT_JOURNAL) private readonly journal: EventJournal,
    private readonly visibility: EventVisibility,
  ) {}

  async execute({ caller, query }: ReadEventsQuery): Promise<EventsPage> {
    const after = query.after ?? '0';
    const deadline = Date.now() + (query.wait ?? EVENTS_WAIT_DEFAULT_S) * 1000;
    const types = query.types?.length ? query.types : null;
    if (types) checkEventTypes(types, 'types');
    // Events after the cursor were pruned (ADR 0066): said, rather than skipped without a word.
    if (after !== '0' && BigInt(after) < BigInt(await this.journal.prunedThrough())) throw new DomainError('gone', EVENTS_MESSAGES.pruned);
    for (;;) {
      const left = deadline - Date.now();
      const view = await this.visibility.viewOf(caller);
      // Asked for before reading: a commit between the read and the wait still wakes it, if it brings one of its events.
      const commit = this.journal.nextCommit(
        Math.max(0, Math.min(left, recheckMs())),
        (entry) => (!types || types.includes(entry.type)) && mayRead(view, entry),
      );
      const events = await this.journal.page({ after, rooms: view.rooms, areas: view.areas, types, limit: query.limit ?? EVENTS_PAGE_DEFAULT });
      if (events.length > 0 || left <= 0 || this.journal.stopping) {
        commit.cancel();
        return { events, cursor: events.length ? events[events.length - 1].cursor : after };
      }
      await commit.done;
    }
  }
}
