import { WorkspaceSlice } from '../workspace-slice';
import { teamRolesProviders } from './team-roles';

/** Teams, projects and members (spec 000 §7, spec 001 §3–7). */
export const teamsSlice: WorkspaceSlice = {
  providers: [...teamRolesProviders],
  routes: [],
  projections: [],
};
