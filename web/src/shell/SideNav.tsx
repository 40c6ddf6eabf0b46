import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { Team } from '@kiln/contracts';
import { LazyDialog, NewTeamDialog, preloadTeamDialogs } from '../teams/lazy-dialogs';
import { useMyTeams } from '../teams/useTeams';
import { readableTextOn } from '../ui/contrast';
import { preloadOn } from '../ui/lazy';
import { ChevronDown, CloseIcon, CollapseIcon, DotsHorizontalIcon, ExpandIcon, Logo, PlusIcon, TeamIcon } from '../ui/icons';
import { areaOf } from './route-areas';
import { BUSINESS_SECTIONS, WORKSPACE_SECTIONS, type Section } from './sections';

/** An entry of the navigation; "soon" when its screen is not built (route-areas' SCREENS, which the pages read too). */
function NavItem({ section, narrow }: { section: Section; narrow: boolean }) {
  const soon = !areaOf(section.path).built;
  return (
    <li>
      <NavLink
        to={section.path}
        end={section.path === '/'}
        className={({ isActive }) => `nav-link ${isActive ? 'nav-link--active' : ''}`}
        title={narrow ? section.label : undefined}
      >
        <span className="nav-icon">{section.icon}</span>
        <span className="nav-text">{section.label}</span>
        {soon && !narrow && <span className="nav-soon">soon</span>}
      </NavLink>
    </li>
  );
}

const TEAM_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A team's mark: its first letter on its colour (the text colour picked for 4.5:1). */
function TeamMark({ team }: { team: Pick<Team, 'name' | 'color'> }) {
  const background = TEAM_COLOUR.test(team.color) ? team.color : '#7986CB';
  return (
    <span className="team-mark" style={{ background, color: readableTextOn(background) }} aria-hidden="true">
      {team.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** One team: a link to its page and, beside it, a button that shows or hides its projects. */
function TeamItem({ team, narrow }: { team: Team; narrow: boolean }) {
  const { pathname } = useLocation();
  const inView = pathname === `/${team.id}` || pathname.startsWith(`/${team.id}/`);
  const [expanded, setExpanded] = useState(inView);
  // Coming into view opens the team's projects; adjusted while rendering, as react.dev advises, not in an effect.
  const [wasInView, setWasInView] = useState(inView);
  if (wasInView !== inView) {
    setWasInView(inView);
    if (inView) setExpanded(true);
  }
  const projectsId = `team-projects-${team.id}`;
  return (
    <li className="team-item" data-testid="nav-team" data-team-id={team.id}>
      <div className="team-row">
        <NavLink
          to={`/${team.id}`}
          end
          className={({ isActive }) => `nav-link team-link ${isActive ? 'nav-link--active' : ''}`}
          title={narrow ? team.name : undefined}
        >
          <span className="nav-icon">
            <TeamMark team={team} />
          </span>
          <span className="nav-text team-name">{team.name}</span>
        </NavLink>
        {!narrow && (
          <button
            type="button"
            className={`icon-btn team-expand ${expanded ? 'team-expand--open' : ''}`}
            aria-expanded={expanded}
            aria-controls={projectsId}
            aria-label={`Projects of ${team.name}`}
            onClick={() => setExpanded((value) => !value)}
          >
            <ChevronDown size={16} />
          </button>
        )}
      </div>
      {expanded && !narrow && (
        <ul className="nav-list team-projects" id={projectsId} aria-label={`Projects of ${team.name}`}>
          {team.projects.length === 0 && <li className="nav-empty">No projects yet</li>}
          {team.projects.map((project) => (
            <li key={project.id}>
              <NavLink
                to={`/${team.id}/${project.id}`}
                className={({ isActive }) => `nav-link project-link ${isActive ? 'nav-link--active' : ''}`}
                data-testid="nav-project"
              >
                <span className="nav-text">{project.name}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** 'Teams': each of my teams (expanding to its projects) and the New Team button (spec 000 §2). */
function TeamsSection({ narrow }: { narrow: boolean }) {
  const teams = useMyTeams();
  const [creating, setCreating] = useState(false);
  const list = teams.data?.data ?? [];
  return (
    <>
      {teams.isSuccess && list.length === 0 && <p className="nav-empty nav-text">No teams yet</p>}
      {teams.isError && (
        <p className="nav-empty nav-text" role="status">
          Teams could not be loaded.
        </p>
      )}
      {list.length > 0 && (
        <ul className="nav-list" aria-label="Teams" data-testid="nav-teams">
          {list.map((team) => (
            <TeamItem key={team.id} team={team} narrow={narrow} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-ghost nav-new-team"
        aria-label="New Team"
        title={narrow ? 'New Team' : undefined}
        data-testid="new-team-button"
        {...preloadOn(preloadTeamDialogs)}
        onClick={() => setCreating(true)}
      >
        <PlusIcon size={18} />
        <span className="nav-text">New Team</span>
      </button>
      {creating && (
        <LazyDialog title="New Team" onClose={() => setCreating(false)}>
          <NewTeamDialog onClose={() => setCreating(false)} />
        </LazyDialog>
      )}
    </>
  );
}

interface SideNavProps {
  narrow: boolean;
  onToggle: () => void;
  /** Phone screens: the navigation is a drawer over the page, shown while `open`. */
  drawer: boolean;
  open: boolean;
  onClose: () => void;
}

export const SIDENAV_ID = 'sidenav';

/** The left navigation: 300 px wide, 80 px when narrow; a 300 px drawer on phones. */
export function SideNav({ narrow, onToggle, drawer, open, onClose }: SideNavProps) {
  const nav = useRef<HTMLElement>(null);

  // An opened drawer takes focus (the current page's link, else the first); Escape closes it.
  useEffect(() => {
    if (!open) return;
    const node = nav.current!;
    (node.querySelector<HTMLElement>('.nav-link--active') ?? node.querySelector<HTMLElement>('a, button'))?.focus();
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- catches Escape bubbling from the links inside, it is no control itself
    <nav
      ref={nav}
      id={SIDENAV_ID}
      className={`sidenav ${narrow ? 'sidenav--narrow' : ''} ${drawer ? 'sidenav--drawer' : ''} ${open ? 'sidenav--open' : ''}`}
      aria-label="Workspace"
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="sidenav-header">
        <span className="brand">
          <Logo />
          <span className="nav-text brand-name">Kiln</span>
        </span>
        {drawer ? (
          <button type="button" className="icon-btn" onClick={onClose} aria-label="Close navigation">
            <CloseIcon />
          </button>
        ) : (
          <button
            type="button"
            className="icon-btn sidenav-toggle"
            onClick={onToggle}
            aria-label={narrow ? 'Expand navigation' : 'Collapse navigation'}
            aria-expanded={!narrow}
          >
            {narrow ? <ExpandIcon /> : <CollapseIcon />}
          </button>
        )}
      </div>
      <div className="sidenav-scroll">
        <ul className="nav-list">
          {WORKSPACE_SECTIONS.map((section) => (
            <NavItem key={section.path} section={section} narrow={narrow} />
          ))}
        </ul>
        <h3 className="nav-group">
          {narrow ? (
            <span aria-label="Business dashboard" role="img">
              <DotsHorizontalIcon size={16} />
            </span>
          ) : (
            'Business dashboard'
          )}
        </h3>
        <ul className="nav-list">
          {BUSINESS_SECTIONS.map((section) => (
            <NavItem key={section.path} section={section} narrow={narrow} />
          ))}
        </ul>
        <h3 className="nav-group">
          {narrow ? (
            <span aria-label="Teams" role="img">
              <TeamIcon size={16} />
            </span>
          ) : (
            'Teams'
          )}
        </h3>
        <TeamsSection narrow={narrow} />
      </div>
    </nav>
  );
}
