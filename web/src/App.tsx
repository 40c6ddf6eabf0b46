import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AuthPage } from './auth/lazy-pages';
import { RequireAuth } from './auth/RequireAuth';
import { useSignOutOn401 } from './auth/session';
import { embedRoute, modelRoutes } from './models/model-routes';
import { MyModelsPage } from './models/MyModelsPage';
import { AppShell } from './shell/AppShell';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { lazyPart } from './ui/lazy';
import { PageLoadFailed } from './ui/LazyFallbacks';

/** Every other area's routes (market, teams, plugins, business, placeholders): a chunk of their own (docs/adr/0047). */
const AreaRoutes = lazyPart(() => import('./area-routes').then((m) => m.AreaRoutes));
/** The customer's quotation page (ADR 0058): no account, no shell; a chunk of its own. */
const PublicQuotePage = lazyPart(() => import('./quote-page/PublicQuotePage').then((m) => m.PublicQuotePage));

const areas = (
  <ErrorBoundary fallback={<PageLoadFailed />}>
    <Suspense
      fallback={
        <p className="page-loading" role="status" aria-busy="true">
          Loading…
        </p>
      }
    >
      <AreaRoutes />
    </Suspense>
  </ErrorBoundary>
);

/** Until the form's chunk is there: the auth page's own background, so nothing moves when the card appears. */
function AuthPageLoading() {
  return (
    <main className="auth-page" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    </main>
  );
}

function AuthRoute({ which }: { which: 'signin' | 'signup' }) {
  return (
    <ErrorBoundary fallback={<PageLoadFailed />}>
      <Suspense fallback={<AuthPageLoading />}>
        <AuthPage which={which} />
      </Suspense>
    </ErrorBoundary>
  );
}

export function App() {
  useSignOutOn401();
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/signin" element={<AuthRoute which="signin" />} />
        <Route path="/signup" element={<AuthRoute which="signup" />} />
        {/* The viewer, for anyone the model's access lets in: no shell, no sign-in (ADR 0054). */}
        {embedRoute()}
        <Route
          path="/quote/:token"
          element={
            <ErrorBoundary fallback={<PageLoadFailed />}>
              <Suspense fallback={<AuthPageLoading />}>
                <PublicQuotePage />
              </Suspense>
            </ErrorBoundary>
          }
        />
        <Route
          element={
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          }
        >
          <Route index element={<MyModelsPage />} />
          {modelRoutes()}
          <Route path="*" element={areas} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
