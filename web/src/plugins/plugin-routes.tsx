import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';

// Each plugin screen is a chunk of its own: the first load of `/` carries none of them (docs/adr/0013, ADR 0034).
const PluginListPage = lazyPart(() => import('./PluginListPage').then((m) => m.PluginListPage));
const PluginFormPage = lazyPart(() => import('./PluginFormPage').then((m) => m.PluginFormPage));
const PluginInfoPage = lazyPart(() => import('./PluginInfoPage').then((m) => m.PluginInfoPage));
const PluginVersionPage = lazyPart(() => import('./PluginVersionPage').then((m) => m.PluginVersionPage));

export const preloadPluginList = PluginListPage.preload;

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

/** Spec 001 §2: /plugin, /plugin/new, /plugin/edit/{id}, /plugin/{id}, /plugin/{id}/version?version=… */
export function pluginRoutes() {
  return (
    <>
      <Route
        path="plugin"
        element={
          <Lazy>
            <PluginListPage />
          </Lazy>
        }
      />
      <Route
        path="plugin/new"
        element={
          <Lazy>
            <PluginFormPage />
          </Lazy>
        }
      />
      <Route
        path="plugin/edit/:pluginRecordId"
        element={
          <Lazy>
            <PluginFormPage />
          </Lazy>
        }
      />
      <Route
        path="plugin/:pluginRecordId"
        element={
          <Lazy>
            <PluginInfoPage />
          </Lazy>
        }
      />
      <Route
        path="plugin/:pluginRecordId/version"
        element={
          <Lazy>
            <PluginVersionPage />
          </Lazy>
        }
      />
    </>
  );
}
