import { Suspense } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { lazyPart } from '../../ui/lazy';
import { PageLoadFailed } from '../../ui/LazyFallbacks';

// The webhooks screens are a chunk of their own: the first load of `/` does not carry them (docs/adr/0013).
const WebhooksPage = lazyPart(() => import('./WebhooksPage').then((m) => m.WebhooksPage));

const page = (
  <ErrorBoundary fallback={<PageLoadFailed />}>
    <Suspense
      fallback={
        <p className="page-loading" role="status" aria-busy="true">
          Loading…
        </p>
      }
    >
      <WebhooksPage />
    </Suspense>
  </ErrorBoundary>
);

/** `/settings/integrations/webhooks` and one endpoint's page (issue 21; ADR 0067). */
export function webhookRoutes() {
  return (
    <>
      <Route path="settings/integrations/webhooks" element={page} />
      <Route path="settings/integrations/webhooks/:endpointId" element={page} />
    </>
  );
}
