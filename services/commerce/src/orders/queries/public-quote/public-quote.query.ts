import { Query } from '@nestjs/cqrs';
import { PublicQuote } from '@kiln/contracts';

/** The customer's page (no account): the quote a link's token names. */
export class PublicQuoteQuery extends Query<PublicQuote> {
  constructor(readonly token: string) {
    super();
  }
}
