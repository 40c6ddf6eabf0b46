import * as initial from './0001-initial';
import * as modelViewTombstones from './0002-model-view-tombstones';

export const workspaceMigrations = { '0001-initial': initial, '0002-model-view-tombstones': modelViewTombstones };
