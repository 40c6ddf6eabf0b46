import { Suspense } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// The tokens page is a chunk of its own: the first load of `/` does not carry it (docs/adr/0013).
const AccessTokensPage = lazyPart(() => import('./AccessTokensPage').then((m) => m.AccessTokensPage));

/** `/settings/tokens` (personal) and `/settings/tokens?team={id}` (a team's, for its owners): issue 21, ADR 0065. */
export function tokenRoutes() {
  return (
    <Route
      path="settings/tokens"
      element={
        <ErrorBoundary fallback={<PageLoadFailed />}>
          <Suspense
            fallback={
              <p className="page-loading" role="status" aria-busy="true">
                Loading…
              </p>
            }
          >
            <AccessTokensPage />
          </Suspense>
        </ErrorBoundary>
      }
    />
  );
}
