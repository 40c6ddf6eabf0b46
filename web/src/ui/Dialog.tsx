import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useLatest } from './use-latest';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Width on screens wide enough; below 480 px the dialog is a full-screen sheet. */
  width?: number;
  /** False for dialogs holding work that a stray click must not throw away (the material wizard). */
  closeOnOutsideClick?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(node: HTMLElement): HTMLElement[] {
  return Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
}

/**
 * A modal dialog: role="dialog", labelled by its title. While open, the page behind is inert and Tab cycles
 * inside the dialog; Escape, the close button and a click outside close it, and focus goes back to the element
 * that opened it (or to the main content when that element is gone, e.g. the row of a deleted model).
 */
export function Dialog({ title, onClose, children, width = 440, closeOnOutsideClick = true }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useLatest(onClose);
  // Read during the first render: by the time effects run, autoFocus has already moved focus into the dialog.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);

  useEffect(() => {
    const node = panel.current!;
    const app = document.getElementById('root');
    if (app) app.inert = true;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab') {
        const all = focusablesIn(node);
        if (!all.length) return event.preventDefault();
        const first = all[0];
        const last = all[all.length - 1];
        const inside = node.contains(document.activeElement);
        if (event.shiftKey && (document.activeElement === first || !inside)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    if (!node.contains(document.activeElement)) (focusablesIn(node).find((el) => el.tagName === 'INPUT') ?? node).focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      if (app) app.inert = false;
      const target = opener?.isConnected && opener !== document.body ? opener : document.getElementById('main');
      target?.focus();
    };
  }, [opener, closeRef]);

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop is the mouse's way out; the keyboard's is Escape (above)
    <div className="dialog-backdrop" onMouseDown={(event) => closeOnOutsideClick && event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ '--dialog-width': `${width}px` } as CSSProperties}
      >
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}
