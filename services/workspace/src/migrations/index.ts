import * as initial from './0001-initial';
import * as modelViewTombstones from './0002-model-view-tombstones';
import * as loginFailuresByAddress from './0003-login-failures-by-address';
import * as fastLists from './0004-fast-lists';
import * as teamsAndSharing from './0005-teams-and-sharing';
import * as notifications from './0006-notifications';
import * as modelProducts from './0007-model-products';
import * as fastSharedLists from './0009-fast-shared-lists';
import * as notificationCounts from './0010-notification-counts';
import * as deletedModels from './0011-deleted-models';
import * as components from './0012-components';
import * as assetItems from './0013-asset-items';
import * as fonts from './0014-fonts';
import * as modelGeometry from './0015-model-geometry';
import * as texturesAndScenes from './0016-textures-and-scenes';
import * as accessTokens from './0017-access-tokens';

export const workspaceMigrations = {
  '0001-initial': initial,
  '0002-model-view-tombstones': modelViewTombstones,
  '0003-login-failures-by-address': loginFailuresByAddress,
  '0004-fast-lists': fastLists,
  '0005-teams-and-sharing': teamsAndSharing,
  '0006-notifications': notifications,
  '0007-model-products': modelProducts,
  '0009-fast-shared-lists': fastSharedLists,
  '0010-notification-counts': notificationCounts,
  '0011-deleted-models': deletedModels,
  '0012-components': components,
  '0013-asset-items': assetItems,
  '0014-fonts': fonts,
  '0015-model-geometry': modelGeometry,
  '0016-textures-and-scenes': texturesAndScenes,
  '0017-access-tokens': accessTokens,
};
