import { NavLink } from 'react-router';
import { CollapseIcon, ExpandIcon, Logo, PlusIcon, TeamIcon } from '../ui/icons';
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

/** The left navigation: 300 px wide, 80 px when narrow. */
export function SideNav({ narrow, onToggle }: { narrow: boolean; onToggle: () => void }) {
  return (
    <nav className={`sidenav ${narrow ? 'sidenav--narrow' : ''}`} aria-label="Workspace">
      <div className="sidenav-header">
        <span className="brand">
          <Logo />
          <span className="nav-text brand-name">Kiln</span>
        </span>
        <button type="button" className="icon-btn sidenav-toggle" onClick={onToggle} aria-label={narrow ? 'Expand navigation' : 'Collapse navigation'} aria-expanded={!narrow}>
          {narrow ? <ExpandIcon /> : <CollapseIcon />}
        </button>
      </div>
      <div className="sidenav-scroll">
        <ul className="nav-list">
          {WORKSPACE_SECTIONS.map((section) => <NavItem key={section.path} section={section} narrow={narrow} />)}
        </ul>
        <h3 className="nav-group">{narrow ? <span aria-label="Business dashboard">•••</span> : 'Business dashboard'}</h3>
        <ul className="nav-list">
          {BUSINESS_SECTIONS.map((section) => <NavItem key={section.path} section={section} narrow={narrow} />)}
        </ul>
        <h3 className="nav-group">{narrow ? <span aria-label="Teams"><TeamIcon size={16} /></span> : 'Teams'}</h3>
        <p className="nav-empty nav-text">No teams yet</p>
        <button type="button" className="btn btn-ghost nav-new-team" disabled title="Coming soon" aria-label="New Team">
          <PlusIcon size={18} />
          <span className="nav-text">New Team</span>
        </button>
      </div>
    </nav>
  );
}
