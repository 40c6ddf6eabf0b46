import { Link, useLocation } from 'react-router';
import type { User } from '@kiln/contracts';
import { useConnectionState } from '../realtime/RealtimeProvider';
import { SearchBox } from './SearchBox';
import { sectionOf } from './sections';
import { SortMenu } from './SortMenu';
import { NotificationBell, UserMenu } from './UserMenu';
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

export function TopBar({ user }: { user: User }) {
  const { pathname } = useLocation();
  const listsModels = sectionOf(pathname).section?.listsModels ?? false;
  const connection = useConnectionState();
  return (
    <header className="topbar">
      <Breadcrumbs />
      <div className="topbar-tools">
        {listsModels && (
          <>
            <SearchBox />
            <SortMenu />
            <ViewSwitch />
          </>
        )}
        <span className={`live-dot live-dot--${connection}`} title={connection === 'online' ? 'Live updates on' : 'Live updates reconnecting'} aria-hidden="true" />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
