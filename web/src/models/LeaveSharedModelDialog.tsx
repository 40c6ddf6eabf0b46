import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Model } from '@kiln/contracts';
import { messageOf } from '../api/client';
import { sharingApi } from '../api/sharing';
import { Dialog } from '../ui/Dialog';
import { mapHeldModels, modelKeys } from './model-cache';

/** Leaving a model shared with me asks first (spec 000 §6). */
export function LeaveSharedModelDialog({ model, shareId, onClose }: { model: Model; shareId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: () => sharingApi.removeShare(shareId),
    onSuccess: () => {
      mapHeldModels(queryClient, (item) => (item.id === shareId ? null : item), [modelKeys.shared()]);
      void queryClient.invalidateQueries({ queryKey: modelKeys.shared() });
      onClose();
    },
  });
  return (
    <Dialog title="Leave model" onClose={onClose}>
      <p className="dialog-text">
        Leave <strong>{model.name}</strong>? It will no longer be shared with you.
      </p>
      {leave.isError && (
        <p className="form-error" role="alert" data-testid="form-error">
          {messageOf(leave.error)}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" disabled={leave.isPending} onClick={() => leave.mutate()} data-testid="confirm-leave">
          {leave.isPending ? 'Leaving…' : 'Leave'}
        </button>
      </div>
    </Dialog>
  );
}
