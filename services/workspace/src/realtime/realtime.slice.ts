import { WorkspaceSlice } from '../workspace-slice';

/** What the BFF's realtime gateway asks the workspace: which rooms a user's sockets join (ADR 0019). */
export const realtimeSlice: WorkspaceSlice = {
  providers: [],
  routes: [],
  projections: [],
};
