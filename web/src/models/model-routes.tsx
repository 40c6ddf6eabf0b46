import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// The screens besides My Models are a chunk of their own: the first load of `/` does not carry them (ADR 0013).
const load = () => import('./model-pages');
const FavoritesPage = lazyPart(() => load().then((m) => m.FavoritesPage));
const SharedModelsPage = lazyPart(() => load().then((m) => m.SharedModelsPage));
const PublishedPage = lazyPart(() => load().then((m) => m.PublishedPage));
const RecentlyDeletedPage = lazyPart(() => load().then((m) => m.RecentlyDeletedPage));
const OpenModelPage = lazyPart(() => load().then((m) => m.OpenModelPage));
const WorkspacePage = lazyPart(() => load().then((m) => m.WorkspacePage));

function Page({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<PageLoadFailed />}>
      <Suspense
        fallback={
          <p className="loading-more" role="status">
            Loading…
          </p>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}

/** Favorites, Shared with me, Published, and the editor/embed placeholders (spec 000 §2): routes inside the shell. */
export function modelRoutes() {
  return (
    <>
      <Route
        path="/favorites"
        element={
          <Page>
            <FavoritesPage />
          </Page>
        }
      />
      <Route
        path="/shared-models"
        element={
          <Page>
            <SharedModelsPage />
          </Page>
        }
      />
      <Route
        path="/published"
        element={
          <Page>
            <PublishedPage />
          </Page>
        }
      />
      <Route
        path="/recently-deleted"
        element={
          <Page>
            <RecentlyDeletedPage />
          </Page>
        }
      />
      <Route
        path="/workspace"
        element={
          <Page>
            <WorkspacePage />
          </Page>
        }
      />
      <Route
        path="/workspace/edit/:id"
        element={
          <Page>
            <OpenModelPage mode="edit" />
          </Page>
        }
      />
      <Route
        path="/embed/:id"
        element={
          <Page>
            <OpenModelPage mode="viewer" />
          </Page>
        }
      />
    </>
  );
}
