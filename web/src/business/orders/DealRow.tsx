import { Link } from 'react-router';
import type { Order, Quote } from '@kiln/contracts';
import { ORDER_DOCUMENT_LABELS as L } from '@kiln/contracts/constants';
import { expectedDate } from '@kiln/domain';
import { formatUsd, formatWhen } from '../business-texts';
import { CustomerAvatar, dealTotal, OriginBadge, StatusBadge } from './deal-parts';

/**
 * One row of the orders or quotes list (spec 002 §2): customer avatar and name, status badge, origin badge, Product,
 * Quantity, Order ID, Date submitted, Date expected (only when the status contains "needed") and the Total Price box.
 */
export function DealRow({ deal, kind, to }: { deal: Order | Quote; kind: 'Order' | 'Quote'; to: string }) {
  const expected = deal.status.toLowerCase().includes('needed') ? expectedDate(deal.updatedAt, deal.deliveryDays) : null;
  return (
    <li className="deal-row" data-testid="deal-row" data-deal-id={deal.id} data-customer={deal.customer.fullName}>
      <div className="deal-row-who">
        <CustomerAvatar customer={deal.customer} />
        <Link to={to} className="deal-row-name" data-testid="deal-link">
          {deal.customer.fullName}
          <span className="visually-hidden">
            , {kind.toLowerCase()} {deal.id}
          </span>
        </Link>
        <StatusBadge status={deal.status} />
        <OriginBadge origin={deal.origin} originLink={deal.originLink} />
      </div>
      <dl className="deal-row-facts">
        <div>
          <dt>{L.product}</dt>
          <dd>{deal.catalogItem.name}</dd>
        </div>
        <div>
          <dt>{L.quantity}</dt>
          <dd data-testid="row-quantity">{deal.quantity}</dd>
        </div>
        <div>
          <dt>{kind === 'Order' ? L.orderId : L.quoteId}</dt>
          <dd className="deal-id">{deal.id}</dd>
        </div>
        <div>
          <dt>{L.dateSubmitted}</dt>
          <dd>{formatWhen(deal.createdAt)}</dd>
        </div>
        {expected && (
          <div data-testid="row-expected">
            <dt>{L.dateExpected}</dt>
            <dd>{formatWhen(expected)}</dd>
          </div>
        )}
      </dl>
      <div className="total-box" data-testid="row-total">
        <span className="total-box-label">Total Price</span>
        <span className="total-box-value">{formatUsd(dealTotal(deal))}</span>
      </div>
    </li>
  );
}
