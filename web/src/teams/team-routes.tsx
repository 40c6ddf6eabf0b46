import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { assetRoutes } from '../assets/asset-routes';
import { businessRoutes } from '../business/business-routes';
import { webhookRoutes } from '../integrations/webhooks/webhook-routes';
import { pluginRoutes } from '../plugins/plugin-routes';
import { ComingSoonPage } from '../shell/ComingSoonPage';
import { tokenRoutes } from '../tokens/token-routes';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { PageLoadFailed } from '../ui/LazyFallbacks';
import { ProjectScope, TeamScope } from './TeamScope';

// The team pages and the profile are chunks of their own: the first load of `/` does not carry them (docs/adr/0013).
const loadPages = () => import('./TeamPages');
const TeamPage = lazyPart(() => loadPages().then((m) => m.TeamPage));
const ProjectPage = lazyPart(() => loadPages().then((m) => m.ProjectPage));
const MembersPage = lazyPart(() => loadPages().then((m) => m.MembersPage));
const ProfilePage = lazyPart(() => import('../profile/ProfilePage').then((m) => m.ProfilePage));
// The components screens (spec 001 §2; ADR 0051), one chunk for the three scopes.
const loadComponents = () => import('../components/ComponentsPage');
const MyComponentsPage = lazyPart(() => loadComponents().then((m) => m.MyComponentsPage));
const TeamComponentsPage = lazyPart(() => loadComponents().then((m) => m.TeamComponentsPage));
const ProjectComponentsPage = lazyPart(() => loadComponents().then((m) => m.ProjectComponentsPage));

/** Preloads the team pages (a pointer over a team in the navigation). */
export const preloadTeamPages = TeamPage.preload;

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

const soon = <ComingSoonPage />;

/**
 * Team, project, members, profile and the areas of later issues (spec 000 §2, spec 001 §2): routes inside the
 * shell. `/workspace`, `/workspace/edit/{id}` and `/embed/{id}` are the model routes'.
 */
export function teamRoutes() {
  return (
    <>
      <Route
        path="profile"
        element={
          <Lazy>
            <ProfilePage />
          </Lazy>
        }
      />
      {pluginRoutes()}
      <Route
        path="component"
        element={
          <Lazy>
            <MyComponentsPage />
          </Lazy>
        }
      />
      {assetRoutes('personal')}
      {businessRoutes()}
      {webhookRoutes()}
      {tokenRoutes()}
      <Route path="market" element={soon} />
      <Route path="market/*" element={soon} />
      <Route path="account" element={soon} />
      <Route path=":teamId" element={<TeamScope />}>
        <Route
          index
          element={
            <Lazy>
              <TeamPage />
            </Lazy>
          }
        />
        <Route
          path="members"
          element={
            <Lazy>
              <MembersPage />
            </Lazy>
          }
        />
        <Route
          path="component"
          element={
            <Lazy>
              <TeamComponentsPage />
            </Lazy>
          }
        />
        {assetRoutes('team')}
        <Route path=":projectId" element={<ProjectScope />}>
          <Route
            index
            element={
              <Lazy>
                <ProjectPage />
              </Lazy>
            }
          />
          <Route
            path="component"
            element={
              <Lazy>
                <ProjectComponentsPage />
              </Lazy>
            }
          />
          {assetRoutes('project')}
        </Route>
        <Route path="*" element={soon} />
      </Route>
    </>
  );
}
