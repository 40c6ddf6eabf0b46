import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@kiln/contracts';
import { PRODUCT_MESSAGES, PRODUCT_REASON_MAX } from '@kiln/domain';
import { ApiError, messageOf } from '../api/client';
import { formatDate } from '../models/ModelItem';
import { productApi, productKeys } from './product-api';
import './market.css';

/** `/market/moderation`: products waiting for a moderator, oldest first (moderators only; ADR 0022). */
export function ModerationPage() {
  const queue = useQuery({ queryKey: productKeys.moderation(), queryFn: () => productApi.moderation(), retry: false });
  const [said, setSaid] = useState('');
  return (
    <section className="market-page" aria-labelledby="moderation-title">
      <div className="page-header">
        <h1 id="moderation-title">Moderation</h1>
      </div>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {queue.isPending && (
        <p className="page-loading" role="status" aria-busy="true">
          Loading…
        </p>
      )}
      {queue.isError && (
        <p className="form-error" role="alert" data-testid="moderation-error">
          {queue.error instanceof ApiError && queue.error.status === 403 ? PRODUCT_MESSAGES.moderatorsOnly : messageOf(queue.error)}
        </p>
      )}
      {queue.isSuccess && queue.data.data.length === 0 && (
        <p className="empty" data-testid="moderation-empty">
          Nothing is waiting for moderation.
        </p>
      )}
      {queue.isSuccess && queue.data.data.length > 0 && (
        <ul className="moderation-list" aria-label="Products waiting for moderation">
          {queue.data.data.map((product) => (
            <ModerationItem key={product.id} product={product} onDone={setSaid} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ModerationItem({ product, onDone }: { product: Product; onDone: (text: string) => void }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      productApi.moderate(product.id, decision === 'approve' ? { decision } : { decision, reason: reason.trim() }),
    onSuccess: (saved) => {
      onDone(saved.status === 'published' ? `“${saved.title}” approved.` : `“${saved.title}” rejected.`);
      void queryClient.invalidateQueries({ queryKey: productKeys.moderation() });
    },
    onError: (e) => setError(e instanceof ApiError && e.body.errors?.[0]?.message ? e.body.errors[0].message : messageOf(e)),
  });
  const reasonId = `reason-${product.id}`;
  const reject = () => {
    if (!reason.trim()) return setError(PRODUCT_MESSAGES.reasonRequired);
    setError('');
    decide.mutate('reject');
  };
  return (
    <li className="market-card moderation-item" data-testid="moderation-item" data-product-id={product.id}>
      <h2>{product.title}</h2>
      <p className="market-note">
        Sent {product.submittedAt ? formatDate(product.submittedAt) : ''} · {product.productionReady ? 'Production-ready' : 'Not production-ready'}
      </p>
      {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the text stays as it is in this refactor (issue 17); "Image of" is to go later */}
      {product.image && <img src={product.image} alt={`Image of ${product.title}`} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!rejecting ? (
        <div className="market-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={decide.isPending}
            data-testid="moderation-approve"
            onClick={() => decide.mutate('approve')}
          >
            Approve
          </button>
          <button type="button" className="btn btn-ghost" disabled={decide.isPending} data-testid="moderation-reject" onClick={() => setRejecting(true)}>
            Reject…
          </button>
        </div>
      ) : (
        <div className="moderation-reason">
          <label htmlFor={reasonId} className="market-note">
            Why is it rejected? The author reads this.
          </label>
          <textarea
            id={reasonId}
            maxLength={PRODUCT_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
            data-testid="moderation-reason"
          />
          <div className="market-actions">
            <button type="button" className="btn btn-danger" disabled={decide.isPending} data-testid="moderation-reject-confirm" onClick={reject}>
              Reject
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={decide.isPending}
              onClick={() => {
                setRejecting(false);
                setError('');
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
