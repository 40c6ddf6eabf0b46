import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { useLatest } from './use-latest';

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

/**
 * A dialog whose chunk could not be fetched (offline, or a newer build replaced it). Drawn without `Dialog`, so
 * that one stays out of the first load (every dialog that can fail is lazy): a modal of two buttons, the page
 * behind inert, Escape or Close to leave, focus back to the button that opened it.
 */
export function DialogLoadFailed({ title, onClose }: { title: string; onClose: () => void }) {
  const titleId = useId();
  const closeRef = useLatest(onClose);
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    const app = document.getElementById('root');
    if (app) app.inert = true;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeRef.current();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (app) app.inert = false;
      opener?.focus();
    };
  }, [opener, closeRef]);
  return createPortal(
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
        </header>
        <p className="form-error" role="alert">
          This could not be loaded. Check your connection and reload the page.
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} autoFocus>
            Close
          </button>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
    </div>,
    document.body,
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

/** A lazy dialog with its waiting layer and, when its chunk fails, a dialog saying so that closes. */
export function LazyDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<DialogLoadFailed title={title} onClose={onClose} />}>
      <Suspense fallback={<DialogLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
