import { recordProjection } from '../../business-records/projections/record-projection';
import { quoteType } from '../order-type';

/** `business_quote_view` and the quotes' timelines from `commerce.quote.>` (ADR 0029, ADR 0057). */
export const ProjectQuotesOnQuoteEvents = recordProjection(quoteType, 'project-quotes-on-quote-events');
