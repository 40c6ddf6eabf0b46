// The chunk of the model dialogs (with react-hook-form), loaded through lazy-dialogs.tsx.
export { DeleteModelDialog } from './DeleteModelDialog';
export { DuplicateModelDialog } from './DuplicateModelDialog';
export { EmbedCodeDialog } from './EmbedCodeDialog';
export { LeaveSharedModelDialog } from './LeaveSharedModelDialog';
export { ModelNameDialog } from './ModelNameDialog';
export { NewModelDialog } from './NewModelDialog';
export { ShareModelDialog } from './ShareModelDialog';
