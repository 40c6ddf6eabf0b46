import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { CloseIcon, CollapseIcon, DotsHorizontalIcon, ExpandIcon, Logo, PlusIcon, TeamIcon } from '../ui/icons';
import { BUSINESS_SECTIONS, WORKSPACE_SECTIONS, type Section } from './sections';

function NavItem({ section, narrow }: { section: Section; narrow: boolean }) {
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
        {!section.ready && !narrow && <span className="nav-soon">soon</span>}
      </NavLink>
    </li>
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
          <button type="button" className="icon-btn sidenav-toggle" onClick={onToggle} aria-label={narrow ? 'Expand navigation' : 'Collapse navigation'} aria-expanded={!narrow}>
            {narrow ? <ExpandIcon /> : <CollapseIcon />}
          </button>
        )}
      </div>
      <div className="sidenav-scroll">
        <ul className="nav-list">
          {WORKSPACE_SECTIONS.map((section) => <NavItem key={section.path} section={section} narrow={narrow} />)}
        </ul>
        <h3 className="nav-group">{narrow ? <span aria-label="Business dashboard" role="img"><DotsHorizontalIcon size={16} /></span> : 'Business dashboard'}</h3>
        <ul className="nav-list">
          {BUSINESS_SECTIONS.map((section) => <NavItem key={section.path} section={section} narrow={narrow} />)}
        </ul>
        <h3 className="nav-group">{narrow ? <span aria-label="Teams" role="img"><TeamIcon size={16} /></span> : 'Teams'}</h3>
        <p className="nav-empty nav-text">No teams yet</p>
        <button type="button" className="btn btn-ghost nav-new-team" disabled title="Coming soon" aria-label="New Team">
          <PlusIcon size={18} />
          <span className="nav-text">New Team</span>
        </button>
      </div>
    </nav>
  );
}
