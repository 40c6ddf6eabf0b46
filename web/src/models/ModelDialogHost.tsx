import { useState } from 'react';
import type { Model } from '@kiln/contracts';
import { LazyDialog } from '../ui/LazyFallbacks';
import { ModelDialogSwitch } from './lazy-dialogs';
import type { ModelScope } from './model-cache';
import type { ModelAction } from './ModelMenu';

export type OpenDialog =
  { kind: 'new'; scope?: ModelScope } | { kind: Exclude<ModelAction, 'leave'>; model: Model } | { kind: 'leave'; model: Model; shareId: string };

export const DIALOG_TITLES: Record<OpenDialog['kind'], string> = {
  new: 'New Model',
  rename: 'Rename model',
  delete: 'Delete model',
  share: 'Share',
  embed: 'Embed code',
  duplicate: 'Duplicate model',
  leave: 'Leave model',
};

/**
 * The dialogs of every model list screen, one open at a time. Which one, and each dialog, are a chunk of their own
 * (lazy-dialogs.tsx, ModelDialogSwitch); a failed load says so in a dialog that closes.
 */
export function useModelDialogs() {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const onClose = () => setDialog(null);
  const element = dialog && (
    <LazyDialog key={dialog.kind} title={DIALOG_TITLES[dialog.kind]} onClose={onClose}>
      <ModelDialogSwitch dialog={dialog} onClose={onClose} />
    </LazyDialog>
  );
  return { open: setDialog, element };
}
