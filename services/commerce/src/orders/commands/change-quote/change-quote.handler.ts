import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChangedQuote, Quote, quotePagePath } from '@kiln/contracts';
import { changeQuoteCustomer, customerOf, factOf, QuoteFields, reviseQuote, revokeQuote, sendQuote } from '@kiln/domain';
import { ChangeRecordCommand } from '../../../business-records/commands/change-record/change-record.command';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { RecordChange } from '../../../business-records/record-type';
import { quoteType } from '../../order-type';
import { checkPinned, pinnedChange } from '../../pinned';
import { CUSTOMER_DIRECTORY, CustomerDirectory } from '../../ports/customer-directory.port';
import { QUOTE_LINKS, QuoteLinks } from '../../ports/quote-links.port';
import { QUOTE_MAILER, QuoteMailer } from '../../ports/quote-mailer.port';
import { newQuoteToken, sha256 } from '../../quote-links';
import { ChangeQuoteCommand } from './change-quote.command';

/** The public address the customer's link starts with (KILN_PUBLIC_URL, else the local web app). */
export const publicUrl = (env: NodeJS.ProcessEnv = process.env) => (env.KILN_PUBLIC_URL || `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, '');

/**
 * A quote's changes (spec 002 §4; ADR 0057), decided by the domain on the version the caller read: the
 * customer (only while the quotation is needed), then Send (`status: 'quotationSent'`: revision 1 frozen),
 * Revoke (`status: 'revoked'` with the reason in `note`), or the send values alone (a sent quote: a new
 * revision when the terms changed). A new revision gets a new link, kept hashed in the same transaction, and
 * its e-mail goes to the customer once written.
 */
@CommandHandler(ChangeQuoteCommand)
export class ChangeQuoteHandler implements ICommandHandler<ChangeQuoteCommand, RecordChange<ChangedQuote>> {
  private readonly logger = new Logger('quotes');

  constructor(
    private readonly commands: CommandBus,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(CUSTOMER_DIRECTORY) private readonly directory: CustomerDirectory,
    @Inject(QUOTE_LINKS) private readonly links: QuoteLinks,
    @Inject(QUOTE_MAILER) private readonly mailer: QuoteMailer,
  ) {}

  async execute({ actorId, id, changes, ifMatch }: ChangeQuoteCommand): Promise<RecordChange<ChangedQuote>> {
    const read = await this.store.load<QuoteFields>(quoteType, id);
    const pinned = ifMatch ?? read?.version ?? 0;
    const customer = changes.customer ? customerOf(changes.customer, await this.directory.byEmail(actorId, changes.customer.email)) : undefined;
    const token = newQuoteToken();
    let revised = false;
    const values = {
      ...(changes.totalPrice !== undefined ? { totalPrice: changes.totalPrice } : {}),
      ...(changes.expirationDays !== undefined ? { expirationDays: changes.expirationDays } : {}),
      ...(changes.deliveryDays !== undefined ? { deliveryDays: changes.deliveryDays } : {}),
    };
    const hasValues = Object.keys(values).length > 0;
    const change = await pinnedChange(ifMatch, () =>
      this.commands.execute(
        new ChangeRecordCommand(
          quoteType,
          actorId,
          id,
          (state, at) => {
            checkPinned(state.version, pinned);
            const before = state.fields as QuoteFields;
            let after = customer ? changeQuoteCustomer(before, customer) : before;
            if (changes.status === 'quotationSent') after = sendQuote(after, values, at, sha256);
            else if (changes.status === 'revoked') after = revokeQuote(after, changes.note);
            else if (hasValues) after = reviseQuote(after, values, at, sha256);
            revised = after.revisions.length > before.revisions.length;
            return factOf(quoteType.rules.type, before, after, actorId, at);
          },
          {
            ifMatch: pinned,
            alsoInTransaction: async (trx) => {
              if (revised) await this.links.add(trx, sha256(token), id, new Date());
            },
          },
        ),
      ),
    );
    if (!revised) return change as RecordChange<Quote>;
    const link = `${publicUrl()}${quotePagePath(token)}`;
    await this.mail(change.record as Quote, link);
    // The seller sees the new link once, in this answer (only its hash is kept).
    return { ...change, record: { ...(change.record as Quote), customerLink: link } };
  }

  /** The customer's e-mail with the new link; a failure is logged (the quote is sent; Save again sends a new link). */
  private async mail(quote: Quote, link: string): Promise<void> {
    const revision = quote.revisions[quote.revisions.length - 1];
    try {
      await this.mailer.send({
        to: quote.customer.email,
        customerName: quote.customer.fullName,
        subject: revision.number === 1 ? `Your quotation for ${quote.catalogItem.name}` : `Your updated quotation for ${quote.catalogItem.name}`,
        link,
        quote,
        revision,
      });
    } catch (error) {
      this.logger.error(`the e-mail of quotation ${quote.id} revision ${revision.number} could not be written: ${String(error)}`);
    }
  }
}
