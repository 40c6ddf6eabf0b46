import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { badgeText } from '@kiln/domain';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { BellIcon } from '../ui/icons';
import { lazyPart, preloadOn } from '../ui/lazy';
import { useNotificationCount } from './notification-queries';

// The panel (its list, paging and marking) is a chunk of its own, fetched when the bell is pointed at or focused.
const NotificationPanel = lazyPart(() => import('./NotificationPanel').then((m) => m.NotificationPanel));

/** The bell beside the user menu: unread badge ('9+' above 9) and the notifications panel (spec 000 §2, §4). */
export function NotificationBell() {
  const count = useNotificationCount();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = count.data?.unreadCount ?? 0;
  const badge = badgeText(unread);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // A click outside closes the panel; Escape closes it and gives focus back to the bell.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"][aria-modal="true"]')) close();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="bell-root" ref={root}>
      <button
        type="button"
        ref={button}
        className="icon-btn bell"
        aria-label={badge ? `Notifications, ${unread} unread` : 'Notifications'}
        title="Notifications"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        {...preloadOn(NotificationPanel.preload)}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <BellIcon />
        {badge && (
          <span className="bell-badge" data-testid="notification-badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <ErrorBoundary
          fallback={
            <div id={panelId} className="notification-panel" role="region" aria-label="Notifications">
              <p className="form-error" role="alert">
                This could not be loaded. Check your connection and reload the page.
              </p>
            </div>
          }
        >
          <Suspense
            fallback={
              <div id={panelId} className="notification-panel" role="region" aria-label="Notifications" aria-busy="true">
                <p className="muted notification-empty" role="status">
                  Loading…
                </p>
              </div>
            }
          >
            <NotificationPanel id={panelId} unreadCount={unread} onClose={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
