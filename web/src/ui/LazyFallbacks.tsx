import { Dialog } from './Dialog';

/**
 * While a dialog's chunk loads (usually preloaded, so rarely seen): a see-through layer that keeps clicks
 * off the page and, after a moment, says it is loading. Focus stays on the button that opened the dialog, so
 * the dialog, once there, gives focus back to it.
 */
export function DialogLoading() {
  return (
    <div className="lazy-wait" aria-busy="true">
      <p className="lazy-wait-note" role="status">
        Loading…
      </p>
    </div>
  );
}

/** A dialog whose chunk could not be fetched (offline, or a newer build replaced it); its × closes it. */
export function DialogLoadFailed({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="form-error" role="alert">
        This could not be loaded. Check your connection and reload the page.
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </Dialog>
  );
}

/** A page whose chunk could not be fetched. */
export function PageLoadFailed() {
  return (
    <div className="splash" role="alert">
      <p>This page could not be loaded. Check your connection and try again.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}
