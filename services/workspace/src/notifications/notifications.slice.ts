import { WorkspaceSlice } from '../workspace-slice';

/** In-app notifications made from events, and the profile (spec 000 §4, §7, §8). */
export const notificationsSlice: WorkspaceSlice = {
  providers: [],
  routes: [],
  projections: [],
};
