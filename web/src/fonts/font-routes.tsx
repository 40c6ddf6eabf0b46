import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// The font screens (spec 001 §2; ADR 0055): one chunk for the list, the family and the style pages in the three scopes.
const load = () => import('./FontScreens');
const PAGES = {
  personal: { list: lazyPart(() => load().then((m) => m.MyFontsPage)), family: lazyPart(() => load().then((m) => m.MyFontFamilyPage)) },
  team: { list: lazyPart(() => load().then((m) => m.TeamFontsPage)), family: lazyPart(() => load().then((m) => m.TeamFontFamilyPage)) },
  project: { list: lazyPart(() => load().then((m) => m.ProjectFontsPage)), family: lazyPart(() => load().then((m) => m.ProjectFontFamilyPage)) },
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

/** `/assets/font`, `/assets/font/{slug}` and `/assets/font/{slug}/{style}` in one scope (inside the team's or project's route). */
export function fontRoutes(scope: keyof typeof PAGES) {
  const { list: List, family: Family } = PAGES[scope];
  return (
    <>
      <Route
        path="assets/font"
        element={
          <Lazy>
            <List />
          </Lazy>
        }
      />
      <Route
        path="assets/font/:slug"
        element={
          <Lazy>
            <Family />
          </Lazy>
        }
      />
      <Route
        path="assets/font/:slug/:style"
        element={
          <Lazy>
            <Family />
          </Lazy>
        }
      />
    </>
  );
}
