// The chunk of the model dialogs (with react-hook-form), loaded through lazy-dialogs.tsx.
import { SHARE_MESSAGES } from '@kiln/domain';
import { addKnownMessages } from '../api/messages';

// Sharing's sentences are answered only to these dialogs (share, change a role, remove, leave): they join the
// known messages when the dialogs load, so the first load does not carry them (docs/adr/0047).
addKnownMessages(Object.values(SHARE_MESSAGES));

export { ModelDialogSwitch } from './ModelDialogSwitch';
