import { workspaceAreas } from './workspace.routes';

/** The workspace's projections, in the order a rebuild runs them (people before the models naming them). */
export const workspaceProjections = workspaceAreas.flatMap((area) => area.projections);
