import { useId } from 'react';
import { StoreIcon } from '../../ui/icons';
import { BUSINESS_TEXTS } from '../business-texts';
import '../business.css';

/** Store fronts (/business/store-fronts, spec 002 §2): only the coming-soon message. */
export function StoreFrontsPage() {
  const titleId = useId();
  return (
    <section className="coming-soon" aria-labelledby={titleId} data-testid="store-fronts">
      <div className="coming-soon-art" aria-hidden="true">
        <StoreIcon />
      </div>
      <h1 id={titleId}>Store fronts</h1>
      <p>{BUSINESS_TEXTS.storeFrontsSoon}</p>
    </section>
  );
}
