import type { RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import type { User } from '@kiln/contracts';
import { useConnectionState } from '../realtime/RealtimeProvider';
import { MenuIcon } from '../ui/icons';
import { SearchBox } from './SearchBox';
import { SIDENAV_ID } from './SideNav';
import { sectionOf } from './sections';
import { SortMenu } from './SortMenu';
import { NotificationBell } from '../notifications/NotificationBell';
import { UserMenu } from './UserMenu';
import { ViewSwitch } from './ViewSwitch';

const MAX_CRUMBS = 6;

function Breadcrumbs() {
  const { pathname } = useLocation();
  const { section, group } = sectionOf(pathname);
  const crumbs: { label: string; to?: string }[] = [{ label: 'Workspace', to: '/' }];
  if (group) crumbs.push({ label: group });
  crumbs.push({ label: section?.label ?? 'Not found' });
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {crumbs.slice(-MAX_CRUMBS).map((crumb, index, all) => {
          const last = index === all.length - 1;
          return (
            <li key={index}>
              {crumb.to && !last ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface NavButton {
  ref: RefObject<HTMLButtonElement | null>;
  expanded: boolean;
  onOpen: () => void;
}

/**
 * Breadcrumbs, the list tools (search, sort, view) and the account tools (bell, user menu). On phones it takes
 * two rows: the navigation button and the account tools first, the list tools under them.
 */
export function TopBar({ user, navButton }: { user: User; navButton?: NavButton }) {
  const { pathname } = useLocation();
  const listsModels = sectionOf(pathname).section?.listsModels ?? false;
  const connection = useConnectionState();
  return (
    <header className="topbar">
      {navButton && (
        <button type="button" ref={navButton.ref} className="icon-btn nav-open" aria-label="Open navigation" aria-controls={SIDENAV_ID} aria-expanded={navButton.expanded} onClick={navButton.onOpen}>
          <MenuIcon />
        </button>
      )}
      <Breadcrumbs />
      {listsModels && (
        <div className="topbar-tools">
          <SearchBox />
          <SortMenu />
          <ViewSwitch />
        </div>
      )}
      <div className="topbar-account">
        <span className={`live-dot live-dot--${connection}`} title={connection === 'online' ? 'Live updates on' : 'Live updates reconnecting'} aria-hidden="true" />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
