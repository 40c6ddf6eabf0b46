import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COMMON_MESSAGES, ORDER_MESSAGES, PublicQuote, Quote } from '@kiln/contracts';
import { acceptQuote, customerAnswerRefusal, declineQuoteByCustomer, decideCreate, DomainError, factOf, orderFromRevision, QuoteFields } from '@kiln/domain';
import { CLOCK, Clock, newId } from '@kiln/service-kit';
import { isStreamConflict } from '../../../event-store/event-store';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { orderType, quoteType } from '../../order-type';
import { QUOTE_LINKS, QuoteLinks } from '../../ports/quote-links.port';
import { publicQuoteOf, sha256 } from '../../quote-links';
import { AnswerQuoteCommand } from './answer-quote.command';

/**
 * The customer answers a sent quotation by its link: the token's hash names the quote (an unknown one: 404);
 * an expired, revoked or already answered quote answers 409 with the page's sentence, nothing changed.
 * Accepting writes, in one transaction, the quote's `accepted` fact (naming the order) and the order's
 * creation from the frozen current revision (status pending, the quote's scope and owner). No actor: the
 * facts' `by` is empty (the timeline says "Unknown"). A race with the seller's change: one wins, the other 409.
 */
@CommandHandler(AnswerQuoteCommand)
export class AnswerQuoteHandler implements ICommandHandler<AnswerQuoteCommand, { answer: PublicQuote; eventIds: string[] }> {
  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(QUOTE_LINKS) private readonly links: QuoteLinks,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token, answer, note }: AnswerQuoteCommand): Promise<{ answer: PublicQuote; eventIds: string[] }> {
    const id = await this.links.quoteOf(sha256(token));
    const state = id ? await this.store.load<QuoteFields>(quoteType, id) : null;
    if (!id || !state || state.deleted) throw new DomainError('not-found', ORDER_MESSAGES.linkInvalid);
    const at = this.clock.now();
    const refusal = customerAnswerRefusal(state.fields, at);
    if (refusal) throw new DomainError('conflict', refusal);
    const meta = { actorId: null, occurredAt: at };
    const scope = { ownerId: state.ownerId, teamId: state.teamId, projectId: state.projectId };
    try {
      if (answer === 'decline') {
        const fact = factOf(quoteType.rules.type, state.fields, declineQuoteByCustomer(state.fields, note, at), '', at)!;
        const written = await this.store.append<QuoteFields>(quoteType, { id, current: state, scope }, [fact], meta);
        return { answer: publicQuoteOf(quoteType.present(written.state) as Quote, at), eventIds: written.eventIds };
      }
      const orderId = newId(at);
      const order = decideCreate(orderType.rules, orderFromRevision(state.fields, id), '', at).fact;
      const fact = factOf(quoteType.rules.type, state.fields, acceptQuote(state.fields, orderId, at), '', at)!;
      let orderEvents: string[] = [];
      const written = await this.store.append<QuoteFields>(quoteType, { id, current: state, scope }, [fact], meta, async (trx) => {
        orderEvents = (await this.store.appendIn(trx, orderType, { id: orderId, current: null, scope }, [order], meta)).eventIds;
      });
      return { answer: publicQuoteOf(quoteType.present(written.state) as Quote, at), eventIds: [...written.eventIds, ...orderEvents] };
    } catch (error) {
      if (isStreamConflict(error)) throw new DomainError('conflict', COMMON_MESSAGES.changedMeanwhile);
      throw error;
    }
  }
}
