// The chunk of the model dialogs (with react-hook-form), loaded through lazy-dialogs.tsx.
import { SHARE_MESSAGES } from '@kiln/domain';
import { addKnownMessages } from '../api/messages';

// Sharing's sentences are answered only to these dialogs (share, change a role, remove, leave): they join the
// known messages when the dialogs load, so the first load does not carry them (docs/adr/0047).
addKnownMessages(Object.values(SHARE_MESSAGES));

export { DeleteModelDialog } from './DeleteModelDialog';
export { DuplicateModelDialog } from './DuplicateModelDialog';
export { EmbedCodeDialog } from './EmbedCodeDialog';
export { LeaveSharedModelDialog } from './LeaveSharedModelDialog';
export { ModelNameDialog } from './ModelNameDialog';
export { NewModelDialog } from './NewModelDialog';
export { ShareModelDialog } from './ShareModelDialog';
