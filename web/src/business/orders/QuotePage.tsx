import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteRevision, UpdateQuoteBody } from '@kiln/contracts';
import { ORDER_ACTION_LABELS, ORDER_DOCUMENT_FILE_NAME } from '@kiln/contracts/constants';
import { quoteActionsAllowed } from '@kiln/domain';
import { ApiError } from '../../api/client';
import { useCanChange } from '../business-scope';
import { BUSINESS_TEXTS, formatUsd, formatWhen } from '../business-texts';
import { BillTables, CustomerDialog, DealLoadState, DealSide, dealTotal, MoreActions, printDeal, ReasonDialog, StatusBadge } from './deal-parts';
import { useQuotePushes } from './deal-pushes';
import { dealKeys, quoteApi } from './orders-api';
import { DEAL_TEXTS } from './orders-texts';
import { revisionChanges } from './revision-diff';
import { SendQuoteDialog } from './SendQuoteDialog';
import '../business.css';
import './orders.css';

type Open = 'send' | 'revoke' | 'customer' | null;

/** Quote detail (/business/quotes/{id}, spec 002 §2, §4): the order's layout, Send a quote and Revoke quote, revisions, the link. */
export function QuotePage() {
  const { quoteId = '' } = useParams();
  const queryClient = useQueryClient();
  const quote = useQuery({ queryKey: dealKeys.quote(quoteId), queryFn: () => quoteApi.get(quoteId) });
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The customer's link, as the answer that made it gave it (the service keeps only its hash; ADR 0057, 0058).
  const [link, setLink] = useState<string | null>(null);
  const titleId = useId();
  useQuotePushes();
  const data = quote.data;
  const canChange = useCanChange({ ...(data?.teamId ? { teamId: data.teamId } : {}), ...(data?.projectId ? { projectId: data.projectId } : {}) });

  if (quote.isPending || quote.isError || !data) return <DealLoadState query={quote} kind="Quote" />;

  const change = async (body: UpdateQuoteBody) => {
    setFailure(null);
    try {
      const next = await quoteApi.update(data.id, body, data.version);
      const { customerLink, ...saved } = next;
      if (customerLink) setLink(customerLink.startsWith('/') ? `${window.location.origin}${customerLink}` : customerLink);
      queryClient.setQueryData<Quote>(dealKeys.quote(data.id), saved);
      void queryClient.invalidateQueries({ queryKey: dealKeys.quoteLists() });
    } catch (error) {
      void quote.refetch();
      if (error instanceof ApiError && error.status === 412) throw new ApiError({ statusCode: 412, message: BUSINESS_TEXTS.stale });
      throw error;
    }
  };
  const allowed = canChange ? quoteActionsAllowed(data.status) : [];
  const print = () => printDeal('Quote', data.id);

  return (
    <section className="business-page deal-page" aria-labelledby={titleId}>
      <div className="page-header deal-header">
        <div className="deal-title">
          <h1 id={titleId}>Quote {data.id}</h1>
          <StatusBadge status={data.status} />
        </div>
        <div className="business-actions deal-actions no-print">
          {(allowed.includes('send') || allowed.includes('revise')) && (
            <button type="button" className="btn btn-primary" data-testid="send-quote" onClick={() => setOpen('send')}>
              Send a quote
            </button>
          )}
          {allowed.includes('revoke') && (
            <button type="button" className="btn btn-ghost" data-testid="revoke-quote" onClick={() => setOpen('revoke')}>
              {ORDER_ACTION_LABELS.revoke}
            </button>
          )}
          <a className="btn btn-ghost" href={quoteApi.pdfPath(data.id)} download={ORDER_DOCUMENT_FILE_NAME} data-testid="export-pdf">
            Export as PDF
          </a>
          <button type="button" className="btn btn-ghost" data-testid="print" onClick={print}>
            Print
          </button>
          <MoreActions kind="Quote" id={data.id} onPrint={print} />
        </div>
      </div>
      {failure && (
        <p className="alert alert--error" role="alert" data-testid="action-error">
          {failure}
        </p>
      )}
      {data.note && (data.status === 'revoked' || data.status === 'declined') && (
        <p className="alert alert--info" data-testid="deal-note">
          Reason: {data.note}
        </p>
      )}
      {data.orderId && (
        <p className="alert alert--info">
          The customer accepted this quotation: <Link to={`/business/orders/${data.orderId}`}>order {data.orderId}</Link>.
        </p>
      )}
      {data.status === 'quotationSent' && <CustomerLink link={link} />}
      <div className="deal-layout">
        <BillTables bills={{ ...data, total: dealTotal(data) }} />
        <DealSide deal={data} kind="Quote" canEditCustomer={allowed.includes('editCustomer')} onEditCustomer={() => setOpen('customer')}>
          {/* A new revision compares itself with the one before it. */}
          {data.revisions.length > 0 && <Revisions key={data.revisions.length} revisions={data.revisions} />}
        </DealSide>
      </div>
      {open === 'send' && <SendQuoteDialog quote={data} canSend={allowed.includes('send')} onSubmit={change} onClose={() => setOpen(null)} />}
      {open === 'revoke' && (
        <ReasonDialog
          title="Revoke quotation"
          submitLabel={ORDER_ACTION_LABELS.revoke}
          onSubmit={(note) => change({ status: 'revoked', note })}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'customer' && <CustomerDialog customer={data.customer} onSave={(customer) => change({ customer })} onClose={() => setOpen(null)} />}
    </section>
  );
}

/** The customer's link with a Copy button, while this page holds it; else where it went. */
function CustomerLink({ link }: { link: string | null }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  if (!link)
    return (
      <p className="alert alert--info" data-testid="customer-link-mailed">
        {DEAL_TEXTS.linkMailed}
      </p>
    );
  return (
    <div className="alert alert--info customer-link" data-testid="customer-link-box">
      <label htmlFor={id}>{DEAL_TEXTS.linkShown}</label>
      <div className="customer-link-row">
        <input id={id} readOnly value={link} data-testid="customer-link" onFocus={(e) => e.target.select()} />
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="copy-link"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(link)
              .then(() => setCopied(true))
              .catch(() => undefined)
          }
        >
          {DEAL_TEXTS.copyLink}
        </button>
      </div>
      <p role="status" className="muted">
        {copied ? DEAL_TEXTS.copied : ''}
      </p>
    </div>
  );
}

/** The sent revisions (frozen), and what changed between two of them (ADR 0057). */
function Revisions({ revisions }: { revisions: QuoteRevision[] }) {
  const [from, setFrom] = useState(Math.max(1, revisions.length - 1));
  const [to, setTo] = useState(revisions.length);
  const id = useId();
  const a = revisions.find((r) => r.number === from);
  const b = revisions.find((r) => r.number === to);
  const changes = a && b ? revisionChanges(a, b) : [];
  return (
    <section className="deal-card" aria-labelledby={`${id}-title`} data-testid="revisions">
      <h2 id={`${id}-title`}>Revisions</h2>
      <ol className="revision-list">
        {revisions.map((r) => (
          <li key={r.number} data-testid="revision">
            <strong>Revision {r.number}</strong> · sent {formatWhen(r.sentAt)} · {formatUsd((Math.round(r.totalPrice * 100) * r.quantity) / 100)} · expires{' '}
            {formatWhen(r.expiresAt)}
            <span className="muted revision-hash" title={r.hash}>
              {' '}
              · {r.hash.slice(0, 12)}
            </span>
          </li>
        ))}
      </ol>
      {revisions.length > 1 && (
        <div className="revision-compare">
          <h3>Compare</h3>
          <div className="revision-pickers">
            <label>
              From{' '}
              <select value={from} onChange={(e) => setFrom(Number(e.target.value))} data-testid="revision-from">
                {revisions.map((r) => (
                  <option key={r.number} value={r.number}>
                    Revision {r.number}
                  </option>
                ))}
              </select>
            </label>
            <label>
              to{' '}
              <select value={to} onChange={(e) => setTo(Number(e.target.value))} data-testid="revision-to">
                {revisions.map((r) => (
                  <option key={r.number} value={r.number}>
                    Revision {r.number}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ul className="revision-changes" data-testid="revision-changes" aria-live="polite">
            {changes.length === 0 ? (
              <li className="muted">Nothing changed between these revisions.</li>
            ) : (
              changes.map((c) => (
                <li key={c.label}>
                  {c.label}: {c.from} → {c.to}
                </li>
              ))
            )}
          </ul>
        </div>
      )}
    </section>
  );
}
