import { Command } from '@nestjs/cqrs';
import { PublicQuote } from '@kiln/contracts';

/** The customer's answer on their link (no account; ADR 0057): accept (an order is made) or decline. */
export class AnswerQuoteCommand extends Command<{ answer: PublicQuote; eventIds: string[] }> {
  constructor(
    readonly token: string,
    readonly answer: 'accept' | 'decline',
    readonly note?: string,
  ) {
    super();
  }
}
