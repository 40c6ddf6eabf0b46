import { useId, useState, type FormEvent } from 'react';
import type { Quote, UpdateQuoteBody } from '@kiln/contracts';
import { ORDER_MESSAGES, QUOTE_DAY_OPTIONS } from '@kiln/contracts/constants';
import { messageOf } from '../../api/client';
import { Dialog } from '../../ui/Dialog';
import { formatUsd } from '../business-texts';

/**
 * Send quotation (spec 002 §2, §4, §5): the calculated total, or a typed one with Override ('Price must be a positive
 * number'); expiry and delivery days from 1, 2, 3, 7, 14, 30 ('Must be greater than 0'). Send is offered only while the
 * quotation is needed; Save keeps the status (on a sent quote the service freezes a new revision when the terms changed).
 */
export function SendQuoteDialog({
  quote,
  canSend,
  onSubmit,
  onClose,
}: {
  quote: Quote;
  canSend: boolean;
  onSubmit: (changes: UpdateQuoteBody) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [override, setOverride] = useState(quote.priceOverridden);
  const [price, setPrice] = useState(String(quote.totalPrice));
  const [expiry, setExpiry] = useState(quote.expirationDays ? String(quote.expirationDays) : '');
  const [delivery, setDelivery] = useState(quote.deliveryDays ? String(quote.deliveryDays) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (send: boolean) => async (event?: FormEvent) => {
    event?.preventDefault();
    const found: Record<string, string> = {};
    const typed = Number(price);
    if (override && (price.trim() === '' || !Number.isFinite(typed) || typed < 0)) found.price = ORDER_MESSAGES.positivePrice;
    if (!(Number(expiry) > 0)) found.expiry = ORDER_MESSAGES.greaterThanZero;
    if (!(Number(delivery) > 0)) found.delivery = ORDER_MESSAGES.greaterThanZero;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit({
        ...(send ? { status: 'quotationSent' as const } : {}),
        ...(override ? { totalPrice: Math.round(typed * 100) / 100 } : quote.priceOverridden ? { totalPrice: null } : {}),
        expirationDays: Number(expiry),
        deliveryDays: Number(delivery),
      });
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  const daySelect = (key: 'expiry' | 'delivery', label: string, value: string, set: (v: string) => void) => (
    <div className={`field ${errors[key] ? 'field--invalid' : ''}`}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select
        id={`${id}-${key}`}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        data-testid={`quote-${key}`}
      >
        <option value="">Choose</option>
        {QUOTE_DAY_OPTIONS.map((days) => (
          <option key={days} value={days}>
            {days} {days === 1 ? 'day' : 'days'}
          </option>
        ))}
      </select>
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="field-error" data-testid="field-error" role="alert">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <Dialog title="Send quotation" onClose={onClose} width={480}>
      <form className="deal-form" onSubmit={submit(canSend)} noValidate>
        <p>
          Calculated total: <strong data-testid="calculated-total">{formatUsd(quote.priceOverridden ? null : quote.totalPrice)}</strong> per unit ×{' '}
          {quote.quantity}
        </p>
        <label className="check-row">
          <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} data-testid="quote-override" /> Override
        </label>
        <div className={`field ${errors.price ? 'field--invalid' : ''}`}>
          <label htmlFor={`${id}-price`}>Total price per unit (US dollars)</label>
          <input
            id={`${id}-price`}
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={price}
            disabled={!override}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={Boolean(errors.price)}
            aria-describedby={errors.price ? `${id}-price-error` : undefined}
            data-testid="quote-price"
          />
          {errors.price && (
            <p id={`${id}-price-error`} className="field-error" data-testid="field-error" role="alert">
              {errors.price}
            </p>
          )}
        </div>
        {daySelect('expiry', 'Expires in', expiry, setExpiry)}
        {daySelect('delivery', 'Delivery in', delivery, setDelivery)}
        {failure && (
          <p className="form-error" role="alert" data-testid="action-error">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void submit(false)()} data-testid="quote-save">
            Save
          </button>
          {canSend && (
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="quote-send">
              Send
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
