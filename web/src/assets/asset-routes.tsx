import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { ASSET_ITEM_KINDS } from '@kiln/contracts/constants';
import { fontRoutes } from '../fonts/font-routes';
import { sceneRoutes } from '../scenes/scene-routes';
import { ComingSoonPage } from '../shell/ComingSoonPage';
import { textureRoutes } from '../textures/texture-routes';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';
import { LIBRARY_KINDS } from './asset-kinds';

// The asset screens (spec 001 §2; ADR 0056): two chunks, the overview and the libraries, for the three scopes.
const loadLibrary = () => import('./AssetLibraryPage');
const loadOverview = () => import('./AssetsOverviewPage');
const MyAssetLibraryPage = lazyPart(() => loadLibrary().then((m) => m.MyAssetLibraryPage));
const TeamAssetLibraryPage = lazyPart(() => loadLibrary().then((m) => m.TeamAssetLibraryPage));
const ProjectAssetLibraryPage = lazyPart(() => loadLibrary().then((m) => m.ProjectAssetLibraryPage));
const MyAssetsOverviewPage = lazyPart(() => loadOverview().then((m) => m.MyAssetsOverviewPage));
const TeamAssetsOverviewPage = lazyPart(() => loadOverview().then((m) => m.TeamAssetsOverviewPage));
const ProjectAssetsOverviewPage = lazyPart(() => loadOverview().then((m) => m.ProjectAssetsOverviewPage));

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

const PAGES = {
  personal: { overview: MyAssetsOverviewPage, library: MyAssetLibraryPage },
  team: { overview: TeamAssetsOverviewPage, library: TeamAssetLibraryPage },
  project: { overview: ProjectAssetsOverviewPage, library: ProjectAssetLibraryPage },
};

/**
 * The asset subpaths of spec 001 §2 in one scope (personal, or inside the team's or project's route): the overview,
 * vector graphics, images and 3D objects (fonts, textures and scenes have their own routes: fontRoutes, textureRoutes,
 * sceneRoutes); any other asset address says it is not found.
 */
export function assetRoutes(scope: keyof typeof PAGES) {
  const { overview: Overview, library: Library } = PAGES[scope];
  return (
    <>
      <Route
        path="assets"
        element={
          <Lazy>
            <Overview />
          </Lazy>
        }
      />
      {ASSET_ITEM_KINDS.map((kind) => (
        <Route
          key={kind}
          path={`assets/${LIBRARY_KINDS[kind].path}`}
          element={
            <Lazy>
              <Library kind={kind} />
            </Lazy>
          }
        />
      ))}
      {fontRoutes(scope)}
      {textureRoutes(scope)}
      {sceneRoutes(scope)}
      <Route path="assets/*" element={<ComingSoonPage />} />
    </>
  );
}
