import { WorkspaceSlice } from '../workspace-slice';

/** Model access through teams and shares, sharing, favorites, duplicate, accessibility (spec 000 §2–7). */
export const sharingSlice: WorkspaceSlice = {
  providers: [],
  routes: [],
  projections: [],
};
