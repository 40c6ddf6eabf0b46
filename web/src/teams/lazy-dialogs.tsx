import { lazyPart } from '../ui/lazy';

/**
 * The team dialogs are one chunk of their own (they bring react-hook-form): the navigation and the team pages show
 * without them, and they load when a button that opens one is pointed at or focused (docs/adr/0013).
 */
const load = () => import('./TeamDialogs');

export const NewTeamDialog = lazyPart(() => load().then((m) => m.NewTeamDialog));
export const TeamSettingsDialog = lazyPart(() => load().then((m) => m.TeamSettingsDialog));
export const ProjectSettingsDialog = lazyPart(() => load().then((m) => m.ProjectSettingsDialog));
export const DeleteByNameDialog = lazyPart(() => load().then((m) => m.DeleteByNameDialog));
export const InviteMemberDialog = lazyPart(() => load().then((m) => m.InviteMemberDialog));
export const ConfirmDialog = lazyPart(() => load().then((m) => m.ConfirmDialog));
export const NewProjectForm = lazyPart(() => load().then((m) => m.NewProjectForm));

export const preloadTeamDialogs = NewTeamDialog.preload;

export { LazyDialog } from '../ui/LazyFallbacks';
