import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicQuote } from '@kiln/contracts';
import { ORDER_MESSAGES } from '@kiln/contracts/constants';
import { ApiError, messageOf, request } from '../api/client';
import { formatUsd, formatWhen } from '../business/business-texts';
import { BillTables } from '../business/orders/deal-parts';
import '../business/orders/orders-texts';
import '../business/business.css';
import '../business/orders/orders.css';
import './public-quote.css';

const path = (token: string) => `/api/public/quote/${encodeURIComponent(token)}`;
const key = (token: string) => ['public-quote', token] as const;

/**
 * The customer's page (/quote/{token}; ADR 0057, 0058): no account and no shell. It shows the frozen revision
 * (bills, total, expiry) with Accept and Decline; an expired, revoked or answered quotation says so in a sentence.
 */
export function PublicQuotePage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const quote = useQuery({ queryKey: key(token), queryFn: () => request<PublicQuote>('GET', path(token), { quiet401: true }), retry: false });
  const [declining, setDeclining] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const answer = async (what: 'accept' | 'decline', note?: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const next = await request<PublicQuote>('POST', `${path(token)}/${what}`, {
        body: what === 'decline' ? (note ? { note } : {}) : undefined,
        quiet401: true,
      });
      queryClient.setQueryData(key(token), next);
      setDeclining(false);
    } catch (error) {
      setFailure(messageOf(error));
      void quote.refetch();
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (quote.isPending)
    body = (
      <p role="status" aria-busy="true">
        Loading…
      </p>
    );
  else if (quote.isError)
    body = (
      <p className="public-quote-message" role="alert" data-testid="quote-state-message">
        {quote.error instanceof ApiError && quote.error.status >= 500 ? messageOf(quote.error) : ORDER_MESSAGES.linkInvalid}
      </p>
    );
  else {
    const data = quote.data;
    const r = data.revision;
    body = (
      <>
        <p className="public-quote-for">
          For {data.customer.fullName} · <strong>{data.catalogItem.name}</strong>
        </p>
        {data.message && (
          <p className={`public-quote-message public-quote-message--${data.state}`} role="status" data-testid="quote-state-message">
            {data.message}
          </p>
        )}
        {r && (
          <>
            <dl className="public-quote-terms" data-testid="public-quote-terms">
              <div>
                <dt>Quantity</dt>
                <dd>{r.quantity}</dd>
              </div>
              <div>
                <dt>Price per unit</dt>
                <dd>{formatUsd(r.totalPrice)}</dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd data-testid="public-quote-total">{formatUsd((Math.round(r.totalPrice * 100) * r.quantity) / 100)}</dd>
              </div>
              <div>
                <dt>Delivery</dt>
                <dd>
                  {r.deliveryDays} {r.deliveryDays === 1 ? 'day' : 'days'} after your order
                </dd>
              </div>
              <div>
                <dt>Valid until</dt>
                <dd data-testid="public-quote-expires">{formatWhen(r.expiresAt)}</dd>
              </div>
            </dl>
            <BillTables bills={{ ...r, total: (Math.round(r.totalPrice * 100) * r.quantity) / 100 }} />
          </>
        )}
        {failure && (
          <p className="alert alert--error" role="alert" data-testid="action-error">
            {failure}
          </p>
        )}
        {data.state === 'open' && !declining && (
          <div className="public-quote-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void answer('accept')} data-testid="public-accept">
              Accept
            </button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setDeclining(true)} data-testid="public-decline">
              Decline
            </button>
          </div>
        )}
        {data.state === 'open' && declining && (
          <DeclineForm busy={busy} onCancel={() => setDeclining(false)} onDecline={(note) => void answer('decline', note)} />
        )}
      </>
    );
  }

  return (
    <main className="public-quote" aria-labelledby={titleId}>
      <h1 id={titleId}>Your quotation</h1>
      {body}
    </main>
  );
}

function DeclineForm({ busy, onCancel, onDecline }: { busy: boolean; onCancel: () => void; onDecline: (note: string) => void }) {
  const [note, setNote] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDecline(note.trim());
  };
  return (
    <form className="public-quote-decline" onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>Reason (optional)</label>
        <textarea id={id} rows={3} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} autoFocus data-testid="public-decline-note" />
      </div>
      <div className="public-quote-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="public-decline-confirm">
          Decline the quotation
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
