import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// The market pages are a chunk of their own: the first load of `/` does not carry them (docs/adr/0013).
const load = () => import('./MarketPages');
// Publish and republish are one lazy part: a new product's publish page moves to its republish page, and two
// parts would show the loading fallback in between (the success message vanished for a frame).
const PublishingPage = lazyPart(() => load().then((m) => m.PublishingPage));
const ModerationPage = lazyPart(() => load().then((m) => m.ModerationPage));

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<PageLoadFailed />}>
      <Suspense
        fallback={
          <p className="page-loading" role="status" aria-busy="true">
            Loading…
          </p>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}

/** Publishing and moderation (spec 000 §2 links; ADR 0022): routes inside the shell. */
export function marketRoutes() {
  return (
    <>
      <Route
        path="market/publish/:modelId"
        element={
          <Lazy>
            <PublishingPage page="publish" />
          </Lazy>
        }
      />
      <Route
        path="market/republish/:productId"
        element={
          <Lazy>
            <PublishingPage page="republish" />
          </Lazy>
        }
      />
      <Route
        path="market/moderation"
        element={
          <Lazy>
            <ModerationPage />
          </Lazy>
        }
      />
    </>
  );
}
