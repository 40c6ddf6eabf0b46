import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { RECORD_MESSAGES, RECORD_UNDO_SECONDS } from '@kiln/domain';
import { messageOf } from '../../api/client';

interface Offer {
  /** A new offer restarts the bar even for the same name. */
  serial: number;
  name: string;
  restore: () => Promise<unknown>;
}

let serial = 0;

/**
 * Removing a catalog item, a material or a service asks nothing (spec 002 §5) and offers Undo instead
 * (issue 17): "Removed {name}." with an Undo button for RECORD_UNDO_SECONDS. The timer waits while the
 * pointer or the keyboard focus is on the bar, so nobody loses it while reaching for the button. The removed
 * row took the keyboard focus with it: the focus goes to Undo, and after an undo to the page's heading.
 */
export function useUndoRemoval(): { offerUndo: (name: string, restore: () => Promise<unknown>) => void; undoBar: ReactNode } {
  const [offer, setOffer] = useState<Offer | null>(null);
  const offerUndo = useCallback((name: string, restore: () => Promise<unknown>) => setOffer({ serial: ++serial, name, restore }), []);
  const close = useCallback(() => setOffer(null), []);
  return { offerUndo, undoBar: <UndoBar key={offer?.serial ?? 0} offer={offer} onClose={close} /> };
}

function UndoBar({ offer, onClose }: { offer: Offer | null; onClose: () => void }) {
  const [held, setHeld] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (offer && lost) button.current?.focus();
  }, [offer]);

  useEffect(() => {
    if (!offer || held || busy || error) return;
    const timer = setTimeout(onClose, RECORD_UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [offer, held, busy, error, onClose]);

  const undo = async () => {
    // aria-disabled, not disabled, while it runs: a disabled button would drop the keyboard focus.
    if (!offer || busy) return;
    setBusy(true);
    try {
      await offer.restore();
      const hadFocus = bar.current?.contains(document.activeElement);
      onClose();
      if (hadFocus) focusHeading(bar.current);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  // The live region is always there, so screen readers announce what appears in it.
  return (
    <div
      className={offer ? 'undo-bar undo-bar-open' : 'undo-bar'}
      ref={bar}
      role="status"
      data-testid="undo-bar"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {offer && (
        <>
          <span className="undo-bar-text">{error ?? RECORD_MESSAGES.undoDone(offer.name)}</span>
          {error ? (
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Close
            </button>
          ) : (
            <button
              ref={button}
              type="button"
              className="btn btn-ghost undo-bar-button"
              data-testid="undo-removal"
              aria-disabled={busy}
              onClick={() => void undo()}
            >
              {RECORD_MESSAGES.undo}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** The heading of the page the bar is on (focusable without joining the tab order). */
function focusHeading(from: HTMLElement | null) {
  const heading = from?.closest('section')?.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
