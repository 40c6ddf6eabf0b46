import { useEffect, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { teamAllows } from '@kiln/domain';
import { useMyTeams } from '../teams/useTeams';

/** Whose business records a page shows (spec 002 §2: "Team and project scope applies to all of these lists"). */
export interface BusinessScope {
  teamId?: string;
  projectId?: string;
}

const STORE_KEY = 'business-scope';
const ID = /^[0-9a-f]{24}$/;

function stored(): BusinessScope {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as BusinessScope;
    return value && typeof value === 'object' && ID.test(value.teamId ?? '')
      ? { teamId: value.teamId, ...(ID.test(value.projectId ?? '') ? { projectId: value.projectId } : {}) }
      : {};
  } catch {
    return {};
  }
}

/**
 * The scope lives in the address (`?teamId=…&projectId=…`, ADR 0032), so a link names it; no parameters mean my
 * personal records. The last choice is remembered for the session: opening another business section from the
 * navigation (which links without parameters) keeps the team chosen.
 */
export function useBusinessScope(): [BusinessScope, (scope: BusinessScope) => void] {
  const [params, setParams] = useSearchParams();
  const teamId = params.get('teamId') ?? undefined;
  const projectId = params.get('projectId') ?? undefined;
  const scope = useMemo<BusinessScope>(
    () => (teamId && ID.test(teamId) ? { teamId, ...(projectId && ID.test(projectId) ? { projectId } : {}) } : {}),
    [teamId, projectId],
  );

  const apply = (next: BusinessScope) => {
    try {
      if (next.teamId) sessionStorage.setItem(STORE_KEY, JSON.stringify(next));
      else sessionStorage.removeItem(STORE_KEY);
    } catch {
      // private mode: not remembered
    }
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.delete('teamId');
        copy.delete('projectId');
        if (next.teamId) copy.set('teamId', next.teamId);
        if (next.teamId && next.projectId) copy.set('projectId', next.projectId);
        return copy;
      },
      { replace: true },
    );
  };

  // Arriving without a scope: the one chosen earlier in this session.
  useEffect(() => {
    if (scope.teamId) return;
    const remembered = stored();
    if (remembered.teamId) apply(remembered);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return [scope, apply];
}

/** The query string that keeps the scope on links between business pages. */
export function scopeSearch(scope: BusinessScope): string {
  if (!scope.teamId) return '';
  return `?teamId=${scope.teamId}${scope.projectId ? `&projectId=${scope.projectId}` : ''}`;
}

/** My role in the scope's team (undefined for personal records: mine to change). */
export function useScopeRole(scope: BusinessScope) {
  const teams = useMyTeams();
  return scope.teamId ? teams.data?.data.find((team) => team.id === scope.teamId)?.userRole : undefined;
}

/** Whether I may change records of the scope (ADR 0029: a team's owners and editors; viewers only read). */
export function useCanChange(scope: BusinessScope): boolean {
  const role = useScopeRole(scope);
  return !scope.teamId || teamAllows(role, 'business.change');
}

/** The scope picker: Personal, each of my teams, each of their projects. */
export function ScopePicker({ scope, onChange }: { scope: BusinessScope; onChange: (scope: BusinessScope) => void }) {
  const id = useId();
  const teams = useMyTeams();
  const value = scope.teamId ? `${scope.teamId}${scope.projectId ? `/${scope.projectId}` : ''}` : '';
  const list = teams.data?.data ?? [];
  const known = !scope.teamId || list.some((team) => team.id === scope.teamId);
  return (
    <div className="business-scope">
      <label htmlFor={id}>Scope</label>
      <select
        id={id}
        data-testid="business-scope"
        value={value}
        onChange={(event) => {
          const [teamId, projectId] = event.target.value.split('/');
          onChange(teamId ? { teamId, ...(projectId ? { projectId } : {}) } : {});
        }}
      >
        <option value="">Personal</option>
        {!known && <option value={value}>This team</option>}
        {list.map((team) => (
          <optgroup key={team.id} label={team.name}>
            <option value={team.id}>{team.name} (whole team)</option>
            {team.projects.map((project) => (
              <option key={project.id} value={`${team.id}/${project.id}`}>
                {team.name} › {project.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
