import { useState } from 'react';
import { teamAllows } from '@kiln/domain';
import type { Team } from '@kiln/contracts';
import { LazyDialog, preloadTeamDialogs, TeamSettingsDialog } from '../teams/lazy-dialogs';
import { ServicesIcon } from '../ui/icons';
import { preloadOn } from '../ui/lazy';

/** The top bar's Settings: opens the team settings dialog; only the owner may (spec 000 §6). */
export function TeamSettingsButton({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const allowed = teamAllows(team.userRole, 'team.update');
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost team-tool"
        disabled={!allowed}
        title={allowed ? 'Team settings' : 'Only the team’s owner can change its settings'}
        aria-label="Team settings"
        data-testid="team-settings"
        {...preloadOn(preloadTeamDialogs)}
        onClick={() => setOpen(true)}
      >
        <ServicesIcon size={18} />
        <span className="team-tool-label">Settings</span>
      </button>
      {open && (
        <LazyDialog title="Team settings" onClose={() => setOpen(false)}>
          <TeamSettingsDialog team={team} onClose={() => setOpen(false)} />
        </LazyDialog>
      )}
    </>
  );
}
