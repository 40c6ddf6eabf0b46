import type { ProductStatus } from '@kiln/contracts';
import './market.css';

const LABEL: Record<ProductStatus, string> = {
  'non moderated': 'Waiting for moderation',
  rejected: 'Rejected',
  draft: 'Draft',
  published: 'Published',
  unpublished: 'Unpublished',
};

/** The coloured product-status icon on the author's published models (spec 000 §2), with its words for everyone. */
export function ProductStatusIcon({ status, withText = false }: { status: ProductStatus; withText?: boolean }) {
  const label = LABEL[status];
  const key = status.replace(' ', '-');
  return (
    <span className={`product-status product-status--${key}`} data-testid="product-status" data-status={status} title={`Product: ${label}`}>
      <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
        <circle cx="6" cy="6" r="5" />
      </svg>
      {withText ? <span>{label}</span> : <span className="visually-hidden">Product: {label}</span>}
    </span>
  );
}

export const productStatusLabel = (status: ProductStatus) => LABEL[status];
