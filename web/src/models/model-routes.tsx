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
const EmbedPage = lazyPart(() => load().then((m) => m.EmbedPage));

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

/** Favorites, Shared with me, Published, and the editor placeholders (spec 000 §2): routes inside the shell. /embed/{id} is App's, without it (ADR 0054). */
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
    </>
  );
}

/** `/embed/{modelId}` (ADR 0054): the 3D viewer, the whole window; App routes it outside the shell and its sign-in. */
export const embedRoute = () => (
  <Route
    path="/embed/:id"
    element={
      <Page>
        <EmbedPage />
      </Page>
    }
  />
);
