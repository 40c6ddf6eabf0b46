// The chunk of the team dialogs and forms (with react-hook-form), loaded through lazy-dialogs.tsx.
export { ConfirmDialog } from './dialogs/ConfirmDialog';
export { DeleteByNameDialog } from './dialogs/DeleteByNameDialog';
export { InviteMemberDialog } from './dialogs/InviteMemberDialog';
export { NewProjectForm } from './dialogs/NewProjectForm';
export { NewTeamDialog } from './dialogs/NewTeamDialog';
export { ProjectSettingsDialog } from './dialogs/ProjectSettingsDialog';
export { TeamSettingsDialog } from './dialogs/TeamSettingsDialog';
