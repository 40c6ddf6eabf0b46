import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// The market pages are a chunk of their own: the first load of `/` does not carry them (docs/adr/0013).
const load = () => import('./MarketPages');
const PublishPage = lazyPart(() => load().then((m) => m.PublishPage));
const RepublishPage = lazyPart(() => load().then((m) => m.RepublishPage));
const ModerationPage = lazyPart(() => load().then((m) => m.ModerationPage));

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<PageLoadFailed />}>
      <Suspense fallback={<p className="page-loading" role="status" aria-busy="true">Loading…</p>}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Publishing and moderation (spec 000 §2 links; ADR 0022): routes inside the shell. */
export function marketRoutes() {
  return (
    <>
      <Route path="market/publish/:modelId" element={<Lazy><PublishPage /></Lazy>} />
      <Route path="market/republish/:productId" element={<Lazy><RepublishPage /></Lazy>} />
      <Route path="market/moderation" element={<Lazy><ModerationPage /></Lazy>} />
    </>
  );
}
