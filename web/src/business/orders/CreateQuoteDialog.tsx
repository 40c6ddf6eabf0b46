import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@kiln/contracts/constants';
import { customerErrors } from '@kiln/domain';
import { ApiError, messageOf } from '../../api/client';
import { newIdempotencyKey } from '../../api/idempotency';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { catalogApi } from '../business-api';
import { scopeSearch, type BusinessScope } from '../business-scope';
import { dealKeys, quoteApi } from './orders-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOOKUP_DELAY_MS = 400;

/**
 * Create a quote (spec 002 §2, §5): a catalog item, the recipient's e-mail, full name, phone and a quantity of at
 * least 1. Typing an e-mail looks the person up (debounced): a registered user's name is filled and locked.
 * Next creates the quote (priced from the item's recipe) and opens it.
 */
export function CreateQuoteDialog({ scope, onClose }: { scope: BusinessScope; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const productId = useId();
  const catalog = useQuery({
    queryKey: ['business', 'catalog', 'choices', scope.teamId ?? '', scope.projectId ?? ''],
    queryFn: () => catalogApi.list({ search: '', sort: 'name ASC', skip: 0, scope, limit: 100 }),
  });
  const [draft, setDraft] = useState({ catalogItemId: '', email: '', fullName: '', phoneNumber: '', quantity: '1' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The last lookup's answer, for the address it was asked about.
  const [lookup, setLookup] = useState<{ email: string; fullName: string | null } | null>(null);
  const [key] = useState(newIdempotencyKey);

  // The lookup (GET …/user-by-email), once typing pauses on an address-like e-mail.
  const email = draft.email.trim().toLowerCase();
  useEffect(() => {
    if (!EMAIL.test(email)) return;
    let current = true;
    const timer = setTimeout(() => {
      queryClient
        .fetchQuery({ queryKey: dealKeys.userByEmail(email), queryFn: () => quoteApi.userByEmail(email).catch(() => null), staleTime: 60_000 })
        .then((found) => {
          if (!current) return;
          setLookup({ email, fullName: found?.fullName ?? null });
        })
        .catch(() => undefined);
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [email, queryClient]);
  const registered = lookup && lookup.email === email ? lookup.fullName : null;
  const fullName = registered ?? draft.fullName;

  const check = () => {
    const found: Record<string, string> = {};
    if (!draft.catalogItemId) found.catalogItemId = ORDER_MESSAGES.catalogItemRequired;
    for (const e of customerErrors({ fullName, email: draft.email, phoneNumber: draft.phoneNumber }, 'c')) found[e.path.slice(2)] ??= e.message;
    const quantity = Number(draft.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) found.quantity = ORDER_MESSAGES.quantityMin;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const quote = await quoteApi.create(
        {
          catalogItemId: draft.catalogItemId,
          customer: { fullName: fullName.trim(), email: draft.email.trim(), phoneNumber: draft.phoneNumber.trim() || null },
          quantity: Number(draft.quantity),
          ...(scope.teamId ? { teamId: scope.teamId } : {}),
          ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}),
        },
        key,
      );
      queryClient.setQueryData(dealKeys.quote(quote.id), quote);
      void queryClient.invalidateQueries({ queryKey: dealKeys.quoteLists() });
      onClose();
      void navigate(`/business/quotes/${quote.id}${scopeSearch(scope)}`);
    } catch (error) {
      if (error instanceof ApiError && error.body.errors?.length) {
        setErrors(Object.fromEntries(error.body.errors.map((e) => [e.path.replace(/^customer\./, ''), e.message])));
      }
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  const items = catalog.data?.data ?? [];
  return (
    <Dialog title="Create a quote" onClose={onClose} width={520}>
      <form className="deal-form" onSubmit={submit} noValidate data-testid="create-quote-form">
        <div className={`field ${errors.catalogItemId ? 'field--invalid' : ''}`}>
          <label htmlFor={productId}>Product</label>
          <select
            id={productId}
            value={draft.catalogItemId}
            aria-invalid={Boolean(errors.catalogItemId)}
            aria-describedby={errors.catalogItemId ? `${productId}-error` : undefined}
            onChange={(e) => setDraft({ ...draft, catalogItemId: e.target.value })}
            data-testid="quote-product"
          >
            <option value="">{catalog.isPending ? 'Loading…' : 'Select a product'}</option>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
          {errors.catalogItemId && (
            <p id={`${productId}-error`} className="field-error" data-testid="field-error" role="alert">
              {errors.catalogItemId}
            </p>
          )}
        </div>
        <TextField
          label="Recipient email"
          type="email"
          autoComplete="off"
          value={draft.email}
          errors={errors.email}
          onChange={(e) => setDraft({ ...draft, email: e.target.value })}
        />
        <TextField
          label="Full name"
          value={fullName}
          readOnly={registered !== null}
          errors={errors.fullName}
          hint={registered !== null ? 'The name of the Kiln account with this email.' : ''}
          onChange={(e) => setDraft({ ...draft, fullName: e.target.value })}
        />
        <TextField
          label="Phone"
          type="tel"
          value={draft.phoneNumber}
          errors={errors.phoneNumber}
          onChange={(e) => setDraft({ ...draft, phoneNumber: e.target.value })}
        />
        <TextField
          label="Quantity"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={draft.quantity}
          errors={errors.quantity}
          onChange={(e) => setDraft({ ...draft, quantity: e.target.value })}
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
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="quote-next">
            Next
          </button>
        </div>
      </form>
    </Dialog>
  );
}
