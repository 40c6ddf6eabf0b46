import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// The scene screens (spec 001 §2; ADR 0063): one chunk for the list and the editor in the three scopes; the editor's
// 3D preview (three.js) is a chunk of its own.
const load = () => import('./SceneScreens');
const PAGES = {
  personal: { list: lazyPart(() => load().then((m) => m.MySceneListPage)), editor: lazyPart(() => load().then((m) => m.MySceneEditorPage)) },
  team: { list: lazyPart(() => load().then((m) => m.TeamSceneListPage)), editor: lazyPart(() => load().then((m) => m.TeamSceneEditorPage)) },
  project: { list: lazyPart(() => load().then((m) => m.ProjectSceneListPage)), editor: lazyPart(() => load().then((m) => m.ProjectSceneEditorPage)) },
};

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

/** `/assets/scene`, `/assets/scene/new` and `/assets/scene/edit/{environmentId}` in one scope (inside the team's or project's route). */
export function sceneRoutes(scope: keyof typeof PAGES) {
  const { list: List, editor: Editor } = PAGES[scope];
  return (
    <>
      <Route
        path="assets/scene"
        element={
          <Lazy>
            <List />
          </Lazy>
        }
      />
      <Route
        path="assets/scene/new"
        element={
          <Lazy>
            <Editor />
          </Lazy>
        }
      />
      <Route
        path="assets/scene/edit/:environmentId"
        element={
          <Lazy>
            <Editor />
          </Lazy>
        }
      />
    </>
  );
}
