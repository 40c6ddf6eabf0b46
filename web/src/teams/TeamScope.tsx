import { useEffect, useRef } from 'react';
import { Outlet, useNavigate, useOutletContext, useParams } from 'react-router';
import type { Project, Team } from '@kiln/contracts';
import { ApiError } from '../api/client';
import { ComingSoonPage } from '../shell/ComingSoonPage';
import { ID_PATTERN } from '../shell/route-areas';
import { TEAM_TEXTS } from './team-texts';
import { onTeamGone } from './team-cache';
import { useTeamInScope } from './team-scope';

export interface TeamOutlet {
  team: Team;
}
export interface ProjectOutlet extends TeamOutlet {
  project: Project;
}

export const useTeamOutlet = () => useOutletContext<TeamOutlet>();
export const useProjectOutlet = () => useOutletContext<ProjectOutlet>();

/** Spec 001 §8: no access (401/403, and 404 which a stranger gets) or any other failure. */
function TeamLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const noAccess = error instanceof ApiError && [401, 403, 404].includes(error.status);
  return (
    <section className="empty team-error" role="alert" data-testid="team-error">
      {noAccess ? (
        <>
          <h1>{TEAM_TEXTS.unauthorizedTitle}</h1>
          <p>{TEAM_TEXTS.noAccess}</p>
        </>
      ) : (
        <>
          <p>{TEAM_TEXTS.loadFailed}</p>
          <button type="button" className="btn btn-ghost" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </section>
  );
}

/** `/{teamId}/…`: loads the team (with my role), handles its errors, and leaves when the team is gone for me. */
export function TeamScope() {
  const { teamId = '' } = useParams();
  const navigate = useNavigate();
  const valid = ID_PATTERN.test(teamId);
  const { team, query } = useTeamInScope(valid ? teamId : undefined);

  // Deleted by its owner, or I left or was removed: this page has nothing to show any more (spec 000 §4).
  useEffect(() => onTeamGone((goneId) => goneId === teamId && navigate('/', { replace: true })), [teamId, navigate]);

  if (!valid) return <ComingSoonPage />;
  if (query.isError && !team) return <TeamLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!team)
    return (
      <p className="page-loading" role="status" aria-busy="true">
        Loading the team…
      </p>
    );
  return <Outlet context={{ team } satisfies TeamOutlet} />;
}

/** `/{teamId}/{projectId}/…`: the project inside its team; a project deleted while shown sends me to the team. */
export function ProjectScope() {
  const { team } = useTeamOutlet();
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const project = team.projects.find((p) => p.id === projectId);
  const seen = useRef(false);
  useEffect(() => {
    if (project) seen.current = true;
    else if (seen.current) navigate(`/${team.id}`, { replace: true });
  }, [project, team.id, navigate]);

  if (!project) {
    return (
      <section className="empty" role="alert" data-testid="project-missing">
        <h1>Project not found</h1>
        <p>This project does not exist in {team.name}, or it was deleted.</p>
      </section>
    );
  }
  return <Outlet context={{ team, project } satisfies ProjectOutlet} />;
}
