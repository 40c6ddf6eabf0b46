import { WorkspaceSlice } from '../workspace-slice';

/** Teams, projects and members (spec 000 §7, spec 001 §3–7). */
export const teamsSlice: WorkspaceSlice = {
  providers: [],
  routes: [],
  projections: [],
};
