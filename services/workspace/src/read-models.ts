import { ProjectModelsOnModelEvents } from './models/projections/project-models-on-model-events';
import { ProjectUsersOnUserRegistered } from './users/projections/project-users-on-user-registered';
import { workspaceSlices } from './workspace-slices';

/** The workspace's projections, in the order a rebuild runs them (people before the models naming them). */
export const workspaceProjections = [ProjectUsersOnUserRegistered, ProjectModelsOnModelEvents, ...workspaceSlices.flatMap((slice) => slice.projections)];
