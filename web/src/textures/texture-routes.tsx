import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// The texture screens (spec 001 §2; ADR 0062): one chunk for the list, the community browser and the editor in the three
// scopes; the editor's 3D sphere is a chunk of its own with three.js.
const load = () => import('./TextureScreens');
const PAGES = {
  personal: lazyPart(() => load().then((m) => m.MyTextureScreen)),
  team: lazyPart(() => load().then((m) => m.TeamTextureScreen)),
  project: lazyPart(() => load().then((m) => m.ProjectTextureScreen)),
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

/** `/assets/texture`, `/assets/texture/community`, `/assets/texture/new` and `/assets/texture/edit/{textureId}` in one scope. */
export function textureRoutes(scope: keyof typeof PAGES) {
  const Page = PAGES[scope];
  const routes = [
    ['assets/texture', 'list'],
    ['assets/texture/community', 'community'],
    ['assets/texture/new', 'new'],
    ['assets/texture/edit/:textureId', 'edit'],
  ] as const;
  return (
    <>
      {routes.map(([path, screen]) => (
        <Route
          key={path}
          path={path}
          element={
            <Lazy>
              <Page screen={screen} />
            </Lazy>
          }
        />
      ))}
    </>
  );
}
