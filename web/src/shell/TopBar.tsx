import type { ReactNode, RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { teamAllows } from '@kiln/domain';
import type { User } from '@kiln/contracts';
import { NotificationBell } from '../notifications/NotificationBell';
import { useConnectionState } from '../realtime/RealtimeProvider';
import { useTeamInScope } from '../teams/team-scope';
import { ComponentIcon, ImageIcon, MenuIcon, TeamIcon } from '../ui/icons';
import { areaOf, limitCrumbs, type Crumb, type PathArea } from './route-areas';
import { SearchBox } from './SearchBox';
import { SIDENAV_ID } from './SideNav';
import { SortMenu } from './SortMenu';
import { TeamSettingsButton } from './TeamSettingsButton';
import { UserMenu } from './UserMenu';
import { ViewSwitch } from './ViewSwitch';

/** Team name first in team scope, then the project; 'My Assets' first on personal asset pages (spec 000 §2, 001 §2). */
function Breadcrumbs({ area, teamName, projectName }: { area: PathArea; teamName?: string; projectName?: string }) {
  const crumbs: Crumb[] = [];
  if (area.teamId) crumbs.push({ label: teamName ?? 'Team', to: `/${area.teamId}` });
  if (area.projectId) crumbs.push({ label: projectName ?? 'Project', to: `/${area.teamId}/${area.projectId}` });
  crumbs.push(...area.crumbs);
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs" data-testid="breadcrumbs">
      <ol>
        {limitCrumbs(crumbs).map((crumb, index, all) => {
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

/** Assets, Components, Members and Settings of the team (or project) in view; Assets and Components need owner or editor. */
function TeamTools({ area }: { area: PathArea }) {
  const { team } = useTeamInScope(area.teamId);
  if (!area.teamId || !team) return null;
  const base = area.projectId ? `/${area.teamId}/${area.projectId}` : `/${area.teamId}`;
  const scopeName = area.projectId ? 'Project' : 'Team';
  const mayOpen = teamAllows(team.userRole, 'assets.open');
  const why = mayOpen ? undefined : 'Only the team’s owner and editors can open these';
  // A disabled link is not a link: a disabled button says the same and is skipped by Tab like other disabled controls.
  const toolLink = (to: string, label: string, icon: ReactNode, testId: string) =>
    mayOpen ? (
      <Link className="btn btn-ghost team-tool" to={to} data-testid={testId} aria-label={`${scopeName} ${label}`} title={`${scopeName} ${label}`}>
        {icon}
        <span className="team-tool-label">{label}</span>
      </Link>
    ) : (
      <button type="button" className="btn btn-ghost team-tool" disabled title={why} data-testid={testId} aria-label={`${scopeName} ${label}`}>
        {icon}
        <span className="team-tool-label">{label}</span>
      </button>
    );
  return (
    <div className="team-tools" role="group" aria-label={`${scopeName} tools`}>
      {toolLink(`${base}/assets`, 'Assets', <ImageIcon size={18} />, 'team-assets')}
      {toolLink(`${base}/component`, 'Components', <ComponentIcon size={18} />, 'team-components')}
      <Link
        className={`btn btn-ghost team-tool ${area.kind === 'members' ? 'team-tool--active' : ''}`}
        to={`/${area.teamId}/members`}
        data-testid="team-members"
        aria-label="Members"
        title="Members"
      >
        <TeamIcon size={18} />
        <span className="team-tool-label">Members</span>
      </Link>
      <TeamSettingsButton team={team} />
    </div>
  );
}

interface NavButton {
  expanded: boolean;
  onOpen: () => void;
}

/**
 * Breadcrumbs, the team tools, the list tools the screen acts on (search, sort, view; route-areas' SCREENS) and the account tools (bell, user menu). On
 * phones it takes more rows: the navigation button and the account tools first, the other tools under them.
 */
export function TopBar({ user, navButton, navButtonRef }: { user: User; navButton?: NavButton; navButtonRef?: RefObject<HTMLButtonElement | null> }) {
  const { pathname } = useLocation();
  const area = areaOf(pathname);
  const { team } = useTeamInScope(area.teamId);
  const project = area.projectId ? team?.projects.find((p) => p.id === area.projectId) : undefined;
  const connection = useConnectionState();
  return (
    <header className={`topbar ${area.teamId && area.tools.length > 0 ? 'topbar--crowded' : ''}`}>
      {navButton && (
        <button
          type="button"
          ref={navButtonRef}
          className="icon-btn nav-open"
          aria-label="Open navigation"
          aria-controls={SIDENAV_ID}
          aria-expanded={navButton.expanded}
          onClick={navButton.onOpen}
        >
          <MenuIcon />
        </button>
      )}
      <Breadcrumbs area={area} teamName={team?.name} projectName={project?.name} />
      <TeamTools area={area} />
      {area.tools.length > 0 && (
        <div className="topbar-tools">
          {area.tools.includes('search') && <SearchBox />}
          {area.tools.includes('sort') && <SortMenu />}
          {area.tools.includes('view') && <ViewSwitch />}
        </div>
      )}
      <div className="topbar-account">
        <span
          className={`live-dot live-dot--${connection}`}
          title={connection === 'online' ? 'Live updates on' : 'Live updates reconnecting'}
          aria-hidden="true"
        />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
