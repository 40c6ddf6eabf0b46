import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { BillOfMaterials, BillOfServices, Customer, CustomerInput, MissingLine, Order, Quote } from '@kiln/contracts';
import {
  DECLINE_REASONS,
  ORDER_DOCUMENT_LABELS as L,
  orderPrintTitle,
  SERVICE_CLASS_LABELS,
  HIGHLIGHTED_STATUSES,
  MATERIAL_CLASSES,
  ORDER_MESSAGES,
  STATUS_LABELS,
  type BusinessStatus,
  type OrderOrigin,
} from '@kiln/contracts/constants';
import { customerErrors, estimatedLeadTime } from '@kiln/domain';
import { messageOf } from '../../api/client';
import { Dialog } from '../../ui/Dialog';
import { DotsIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { TextField } from '../../ui/TextField';
import { formatUsd, formatWhen } from '../business-texts';
import { DEAL_TEXTS, ORIGIN_LABELS } from './orders-texts';

/** totalPrice is per unit (spec 002 §3): the whole order is totalPrice × quantity, to the cent. */
export const dealTotal = (deal: Pick<Order, 'totalPrice' | 'quantity'>) => (Math.round(deal.totalPrice * 100) * deal.quantity) / 100;

/**
 * An order's or a quote's page before its record is there: loading, or the service's sentence with the way
 * back to its list. Null once the record is loaded.
 */
export function DealLoadState({ query, kind }: { query: { isPending: boolean; isError: boolean; error: unknown; data?: unknown }; kind: 'Order' | 'Quote' }) {
  if (query.isPending)
    return (
      <p className="page-loading" role="status" aria-busy="true">
        Loading…
      </p>
    );
  if (!query.isError && query.data) return null;
  const list = kind === 'Order' ? 'orders' : 'quotes';
  return (
    <section className="business-page">
      <h1>{kind}</h1>
      <p className="form-error" role="alert">
        {messageOf(query.error)}
      </p>
      <Link to={`/business/${list}`}>Back to the {list}</Link>
    </section>
  );
}

/** A status badge: its words, not its colour alone; Pending and Quotation needed highlighted (spec 002 §4). */
export function StatusBadge({ status }: { status: BusinessStatus }) {
  const highlighted = HIGHLIGHTED_STATUSES.includes(status);
  return (
    <span className={`status-badge status-badge--${highlighted ? 'highlighted' : status}`} data-testid="status-badge" data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** Where the order came from; an outside store's badge links out (spec 002 §1, §3). */
export function OriginBadge({ origin, originLink }: { origin: OrderOrigin; originLink: string | null }) {
  const label = ORIGIN_LABELS[origin];
  const safe = originLink && /^https?:\/\//i.test(originLink) ? originLink : null;
  return safe ? (
    <a className="origin-badge" data-testid="origin-badge" href={safe} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> (opens the order in {label})</span>
    </a>
  ) : (
    <span className="origin-badge" data-testid="origin-badge">
      {label}
    </span>
  );
}

/** The customer's picture, or their initials. */
export function CustomerAvatar({ customer }: { customer: Pick<Customer, 'fullName' | 'avatar'> }) {
  const initials =
    customer.fullName
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  return customer.avatar ? (
    <img className="avatar deal-avatar" src={customer.avatar} alt="" width={36} height={36} />
  ) : (
    <span className="avatar deal-avatar" aria-hidden="true">
      {initials}
    </span>
  );
}

/** Pages counted from the total (spec 002 §9), shown only when there is more than one. */
export function Pagination({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i).filter((i) => i === 0 || i === pages - 1 || Math.abs(i - page) <= 1);
  return (
    <nav className="pagination" aria-label={label} data-testid="pagination">
      <button type="button" className="btn btn-ghost btn-small" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <ul>
        {numbers.map((i, at) => (
          <li key={i}>
            {at > 0 && numbers[at - 1] !== i - 1 && <span aria-hidden="true">…</span>}
            <button
              type="button"
              className={`btn btn-small ${i === page ? 'btn-primary' : 'btn-ghost'}`}
              aria-current={i === page ? 'page' : undefined}
              aria-label={`Page ${i + 1}`}
              onClick={() => onPage(i)}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-ghost btn-small" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

const quantityText = (q: { value: number; unit: string }) => `${Number(q.value.toFixed(4))} ${q.unit}`;
const serviceClassLabel = (value: keyof typeof SERVICE_CLASS_LABELS) => SERVICE_CLASS_LABELS[value] ?? value;

/** Bill of material and Bill of service with their groups ('No data available' when empty), Margin and Total (spec 002 §2). */
export function BillTables({
  bills,
}: {
  bills: { billOfMaterials: BillOfMaterials; billOfServices: BillOfServices; marginAmount: number; missing: MissingLine[]; total: number };
}) {
  const { billOfMaterials: materials, billOfServices: services } = bills;
  return (
    <div className="bills">
      <div className="table-wrap">
        <table className="business-table bill-table" data-testid="bill-of-material">
          <caption>Bill of material</caption>
          <thead>
            <tr>
              <th scope="col">{L.material}</th>
              <th scope="col">{L.quantity}</th>
              <th scope="col" className="num">
                {L.price}
              </th>
            </tr>
          </thead>
          {materials.groups.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={3} className="muted" data-testid="bill-empty">
                  {ORDER_MESSAGES.noData}
                </td>
              </tr>
            </tbody>
          ) : (
            materials.groups.map((group) => (
              <tbody key={group.materialClass}>
                <tr className="bill-group">
                  <th scope="rowgroup" colSpan={2}>
                    {MATERIAL_CLASSES[group.materialClass]?.label ?? group.materialClass}
                  </th>
                  <td className="num">{formatUsd(group.total)}</td>
                </tr>
                {group.materials.map((line, i) => (
                  <tr key={`${line.material.id}-${i}`} data-testid="bill-line">
                    <th scope="row">
                      {line.material.name}
                      {line.material.partNumber && <span className="muted"> · {line.material.partNumber}</span>}
                    </th>
                    <td>{quantityText(line.quantity)}</td>
                    <td className="num">{formatUsd(line.price)}</td>
                  </tr>
                ))}
              </tbody>
            ))
          )}
        </table>
      </div>
      <div className="table-wrap">
        <table className="business-table bill-table" data-testid="bill-of-service">
          <caption>Bill of service</caption>
          <thead>
            <tr>
              <th scope="col">{L.service}</th>
              <th scope="col">{L.quantity}</th>
              <th scope="col" className="num">
                {L.price}
              </th>
            </tr>
          </thead>
          {services.groups.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={3} className="muted" data-testid="bill-empty">
                  {ORDER_MESSAGES.noData}
                </td>
              </tr>
            </tbody>
          ) : (
            services.groups.map((group) => (
              <tbody key={group.serviceClass}>
                <tr className="bill-group">
                  <th scope="rowgroup" colSpan={2}>
                    {serviceClassLabel(group.serviceClass)}
                  </th>
                  <td className="num">{formatUsd(group.total)}</td>
                </tr>
                {group.services.map((line, i) => (
                  <tr key={`${line.service.id}-${i}`} data-testid="bill-line">
                    <th scope="row">{line.name}</th>
                    <td>
                      {Number(line.quantity.toFixed(4))} {line.unitLabel} × {formatUsd(line.servicePrice)}
                    </td>
                    <td className="num">{formatUsd(line.price)}</td>
                  </tr>
                ))}
              </tbody>
            ))
          )}
        </table>
      </div>
      {bills.missing.length > 0 && (
        <div className="alert alert--error" data-testid="missing-lines">
          <p>Not priced:</p>
          <ul>
            {bills.missing.map((m) => (
              <li key={m.line}>{m.message}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className="bill-totals">
        <div>
          <dt>{L.margin}</dt>
          <dd data-testid="deal-margin">{formatUsd(bills.marginAmount)}</dd>
        </div>
        <div className="bill-total">
          <dt>{L.total}</dt>
          <dd data-testid="deal-bill-total">{formatUsd(bills.total)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Side information and Contact Customer (spec 002 §2), with More actions. */
export function DealSide({
  deal,
  kind,
  canEditCustomer,
  onEditCustomer,
  children,
}: {
  deal: Order | Quote;
  kind: 'Order' | 'Quote';
  canEditCustomer: boolean;
  onEditCustomer: () => void;
  children?: ReactNode;
}) {
  const lead = estimatedLeadTime(deal.createdAt, deal.expirationDays);
  const scope = deal.teamId ? `?teamId=${deal.teamId}${deal.projectId ? `&projectId=${deal.projectId}` : ''}` : '';
  const { customer } = deal;
  return (
    <aside className="deal-side">
      <section className="deal-card" aria-labelledby="deal-info-title">
        <h2 id="deal-info-title" className="visually-hidden">
          {kind} information
        </h2>
        <dl className="deal-info">
          <div>
            <dt>{L.product}</dt>
            <dd>
              <Link to={`/business/catalog/${deal.catalogItemId}${scope}`} data-testid="deal-product">
                {deal.catalogItem.name || ORDER_MESSAGES.itemNotFound}
              </Link>
            </dd>
          </div>
          <div>
            <dt>{kind === 'Order' ? L.orderId : L.quoteId}</dt>
            <dd data-testid="deal-id">{deal.id}</dd>
          </div>
          <div>
            <dt>{L.quantity}</dt>
            <dd data-testid="deal-quantity">{deal.quantity}</dd>
          </div>
          <div>
            <dt>{L.dateSubmitted}</dt>
            <dd data-testid="deal-submitted">{formatWhen(deal.createdAt)}</dd>
          </div>
          <div>
            <dt>{L.estLeadTime}</dt>
            <dd data-testid="deal-lead-time">{lead ? formatWhen(lead) : L.none}</dd>
          </div>
          <div>
            <dt>{L.total}</dt>
            <dd data-testid="deal-total">{formatUsd(dealTotal(deal))}</dd>
          </div>
        </dl>
      </section>
      <section className="deal-card" aria-labelledby="deal-contact-title">
        <div className="deal-card-head">
          <h2 id="deal-contact-title">Contact Customer</h2>
          {canEditCustomer && (
            <button type="button" className="icon-btn" aria-label="Edit the customer" data-testid="edit-customer" onClick={onEditCustomer}>
              <PencilIcon />
            </button>
          )}
        </div>
        <p className="deal-customer">
          <CustomerAvatar customer={customer} /> <span data-testid="customer-name">{customer.fullName}</span>
        </p>
        <ul className="deal-contact">
          <li>
            <a href={`mailto:${customer.email}`} data-testid="customer-email">
              {customer.email}
            </a>
          </li>
          {customer.phoneNumber && (
            <li>
              <a href={`tel:${customer.phoneNumber.replace(/[\s-]/g, '')}`} data-testid="customer-phone">
                {customer.phoneNumber}
              </a>
            </li>
          )}
        </ul>
      </section>
      {children}
    </aside>
  );
}

/** More actions (spec 002 §2): Print order details, Report a problem (a mail link). */
export function MoreActions({ kind, id, onPrint }: { kind: 'Order' | 'Quote'; id: string; onPrint: () => void }) {
  return (
    <Menu
      label="More actions"
      trigger={(props) => (
        <button type="button" className="btn btn-ghost" aria-label="More actions" data-testid="more-actions" {...props}>
          <DotsIcon />
        </button>
      )}
    >
      {(close) => (
        <>
          <MenuItem
            testId="print-details"
            onSelect={() => {
              close();
              onPrint();
            }}
          >
            Print {kind.toLowerCase()} details
          </MenuItem>
          <MenuItem
            testId="report-problem"
            onSelect={() => {
              close();
              window.location.href = `mailto:?subject=${encodeURIComponent(DEAL_TEXTS.reportSubject(kind, id))}`;
            }}
          >
            Report a problem
          </MenuItem>
        </>
      )}
    </Menu>
  );
}

/** Print with the title `Order-{id}` / `Quote-{id}` (spec 002 §9); the print stylesheet hides the shell. */
export function printDeal(kind: 'Order' | 'Quote', id: string) {
  const before = document.title;
  document.title = orderPrintTitle(kind === 'Order' ? 'order' : 'quote', id);
  const restore = () => {
    document.title = before;
    window.removeEventListener('afterprint', restore);
  };
  window.addEventListener('afterprint', restore);
  window.print();
}

const PencilIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </svg>
);

/** Decline or revoke with a reason (spec 002 §5): a preset, or Other with free text; 'Please specify the reason'. */
export function ReasonDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  onSubmit: (note: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groupId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const preset = DECLINE_REASONS.find((r) => r.id === reason);
    const note = preset && preset.id !== 'other' ? preset.text : other.trim();
    if (!note) return setError(ORDER_MESSAGES.reasonRequired);
    setError(null);
    setBusy(true);
    try {
      await onSubmit(note);
      onClose();
    } catch (e) {
      setFailure(messageOf(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose} width={520}>
      <form className="reason-form" onSubmit={submit} noValidate>
        <fieldset aria-describedby={error ? `${groupId}-error` : undefined}>
          <legend>Reason</legend>
          {DECLINE_REASONS.map((r) => (
            <label key={r.id} className="reason-choice">
              <input type="radio" name={groupId} value={r.id} checked={reason === r.id} onChange={() => setReason(r.id)} data-testid={`reason-${r.id}`} />
              <span>
                <strong>{r.label}</strong>
                {r.text && <span className="muted"> {r.text}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        {reason === 'other' && (
          <div className="field">
            <label htmlFor={`${groupId}-other`}>{DEAL_TEXTS.otherReason}</label>
            <textarea
              id={`${groupId}-other`}
              rows={3}
              maxLength={2000}
              value={other}
              onChange={(e) => setOther(e.target.value)}
              data-testid="reason-other-text"
            />
          </div>
        )}
        {error && (
          <p id={`${groupId}-error`} className="field-error" role="alert" data-testid="field-error">
            {error}
          </p>
        )}
        {failure && (
          <p className="form-error" role="alert" data-testid="action-error">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="reason-submit">
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Edit the customer (spec 002 §5's rules), only while the status allows it. */
export function CustomerDialog({ customer, onSave, onClose }: { customer: Customer; onSave: (input: CustomerInput) => Promise<void>; onClose: () => void }) {
  const [draft, setDraft] = useState({ fullName: customer.fullName, email: customer.email, phoneNumber: customer.phoneNumber ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = customerErrors(draft, 'c');
    setErrors(Object.fromEntries(found.map((e) => [e.path.slice(2), e.message])));
    if (found.length) return;
    setBusy(true);
    try {
      await onSave({ fullName: draft.fullName.trim(), email: draft.email.trim(), phoneNumber: draft.phoneNumber.trim() || null });
      onClose();
    } catch (e) {
      setFailure(messageOf(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title="Contact Customer" onClose={onClose}>
      <form onSubmit={submit} noValidate className="deal-form">
        <TextField
          label="Full name"
          value={draft.fullName}
          readOnly={customer.registeredUser}
          errors={errors.fullName}
          onChange={(e) => setDraft({ ...draft, fullName: e.target.value })}
        />
        <TextField label="Email" type="email" value={draft.email} errors={errors.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} />
        <TextField
          label="Phone"
          type="tel"
          value={draft.phoneNumber}
          errors={errors.phoneNumber}
          onChange={(e) => setDraft({ ...draft, phoneNumber: e.target.value })}
        />
        {failure && (
          <p className="form-error" role="alert" data-testid="action-error">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="customer-save">
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
