import { Command } from '@nestjs/cqrs';
import { ChangedQuote, UpdateQuoteBody } from '@kiln/contracts';
import { RecordChange } from '../../../business-records/record-type';

/** PATCH a quote (spec 002 §7): send, save the send values (a sent quote: a new revision), revoke, or the customer. */
export class ChangeQuoteCommand extends Command<RecordChange<ChangedQuote>> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateQuoteBody,
    readonly ifMatch?: number,
  ) {
    super();
  }
}
