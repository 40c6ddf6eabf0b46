import { accessTokensRoutes } from './access-tokens/access-tokens.routes';
import { assetItemsRoutes } from './asset-items/asset-items.routes';
import { authRoutes } from './auth/auth.routes';
import { businessPeopleRoutes } from './business-people/business-people.routes';
import { catalogSupportRoutes } from './catalog-support/catalog-support.routes';
import { componentsRoutes } from './components/components.routes';
import { fontsRoutes } from './fonts/fonts.routes';
import { modelsRoutes } from './models/models.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { publishingRoutes } from './publishing/publishing.routes';
import { realtimeRoutes } from './realtime/realtime.routes';
import { sharingRoutes } from './sharing/sharing.routes';
import { teamsRoutes } from './teams/teams.routes';
import { texturesRoutes } from './textures/textures.routes';
import { environmentMapsRoutes } from './environment-maps/environment-maps.routes';
import { usersRoutes } from './users/users.routes';
import { AreaRoutes } from '@kiln/service-kit';

/**
 * Every area of the workspace, in the order their projections run and rebuild (people before the models
 * naming them, models before the lists made from them). The module takes its providers and the RPC
 * controller its routes from here: an area is one line.
 */
export const workspaceAreas: AreaRoutes[] = [
  usersRoutes,
  modelsRoutes,
  authRoutes,
  teamsRoutes,
  sharingRoutes,
  notificationsRoutes,
  realtimeRoutes,
  publishingRoutes,
  catalogSupportRoutes,
  businessPeopleRoutes,
  componentsRoutes,
  assetItemsRoutes,
  fontsRoutes,
  texturesRoutes,
  environmentMapsRoutes,
  accessTokensRoutes,
];

/** Every request the workspace answers on NATS: subject → use case. */
export const workspaceRoutes = workspaceAreas.flatMap((area) => area.routes);
export const workspaceProviders = workspaceAreas.flatMap((area) => area.providers);
