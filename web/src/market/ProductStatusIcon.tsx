import type { ProductStatus } from '@kiln/contracts';
import './market.css';

const LABEL: Record<ProductStatus, string> = {
  'non moderated': 'Waiting for moderation',
  rejected: 'Rejected',
  draft: 'Draft',
  published: 'Published',
  unpublished: 'Unpublished',
};

/**
 * The product's status in words, with its coloured dot as a decoration (spec 000 §2: "a coloured icon shows
 * the product status"). The words are always shown, so neither a tooltip nor the colour alone carries the
 * meaning (WCAG 1.4.1; ADR 0045). On a model card a hidden "Product: " says whose status it is.
 */
export function ProductStatusLabel({ status, onCard = false }: { status: ProductStatus; onCard?: boolean }) {
  const label = LABEL[status];
  const key = status.replace(' ', '-');
  return (
    <span className={`product-status product-status--${key}`} data-testid="product-status" data-status={status}>
      <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
        <circle cx="6" cy="6" r="5" />
      </svg>
      {onCard && <span className="visually-hidden">Product: </span>}
      <span>{label}</span>
    </span>
  );
}

export const productStatusLabel = (status: ProductStatus) => LABEL[status];
