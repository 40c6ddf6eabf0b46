import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ORDER_MESSAGES, PublicQuote, Quote } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { CLOCK, Clock } from '@kiln/service-kit';
import { RECORD_READ_MODEL, RecordReadModel } from '../../../business-records/ports/record-read-model.port';
import { quoteType } from '../../order-type';
import { QUOTE_LINKS, QuoteLinks } from '../../ports/quote-links.port';
import { publicQuoteOf, sha256 } from '../../quote-links';
import { PublicQuoteQuery } from './public-quote.query';

/** The quote of a link (404 with a sentence for an unknown token), with its current frozen revision and whether it can be answered. */
@QueryHandler(PublicQuoteQuery)
export class PublicQuoteHandler implements IQueryHandler<PublicQuoteQuery, PublicQuote> {
  constructor(
    @Inject(QUOTE_LINKS) private readonly links: QuoteLinks,
    @Inject(RECORD_READ_MODEL) private readonly view: RecordReadModel,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token }: PublicQuoteQuery): Promise<PublicQuote> {
    const id = await this.links.quoteOf(sha256(token));
    const row = id ? await this.view.find(quoteType, id) : null;
    if (!row || row.deleted) throw new DomainError('not-found', ORDER_MESSAGES.linkInvalid);
    return publicQuoteOf(row.record as Quote, this.clock.now());
  }
}
