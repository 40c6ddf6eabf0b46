// The chunk of the model dialogs (with react-hook-form), loaded through lazy-dialogs.tsx.
export { DeleteModelDialog } from './DeleteModelDialog';
export { ModelNameDialog } from './ModelNameDialog';
export { NewModelDialog } from './NewModelDialog';
