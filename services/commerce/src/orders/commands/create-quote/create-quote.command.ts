import { Command } from '@nestjs/cqrs';
import { CreateQuoteBody, Quote } from '@kiln/contracts';
import { IdempotencyClaim } from '@kiln/service-kit';
import { RecordChange } from '../../../business-records/record-type';

/** Create a quote (ADR 0057): a catalog item for a customer, priced from its recipe with today's prices. */
export class CreateQuoteCommand extends Command<RecordChange<Quote>> {
  constructor(
    readonly actorId: string,
    readonly body: CreateQuoteBody,
    readonly idempotency?: Omit<IdempotencyClaim, 'resourceId'>,
  ) {
    super();
  }
}
