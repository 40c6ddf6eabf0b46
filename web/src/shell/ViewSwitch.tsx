import type { ReactNode } from 'react';
import { CompactIcon, GridIcon, ListIcon } from '../ui/icons';
import { useViewState, type DisplayMode } from './view-state';

const VIEWS: { mode: DisplayMode; label: string; icon: ReactNode }[] = [
  { mode: 'grid', label: 'Grid view', icon: <GridIcon size={18} /> },
  { mode: 'compact', label: 'Compact view', icon: <CompactIcon size={18} /> },
  { mode: 'list', label: 'List view', icon: <ListIcon size={18} /> },
];

export function ViewSwitch() {
  const { display, setDisplay } = useViewState();
  return (
    <div className="view-switch" role="group" aria-label="View">
      {VIEWS.map((view) => (
        <button
          key={view.mode}
          type="button"
          className={`icon-btn ${display === view.mode ? 'icon-btn--active' : ''}`}
          aria-label={view.label}
          aria-pressed={display === view.mode}
          title={view.label}
          data-testid={`view-${view.mode}`}
          onClick={() => setDisplay(view.mode)}
        >
          {view.icon}
        </button>
      ))}
    </div>
  );
}
