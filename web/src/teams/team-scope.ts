import { useMyTeams, useTeam } from './useTeams';

/**
 * The team a team-scope path names: the team's own query (which also says whether I may see it), and meanwhile
 * its entry in the navigation's list, so names show at once.
 */
export function useTeamInScope(teamId: string | undefined) {
  const one = useTeam(teamId);
  const mine = useMyTeams();
  const team = teamId ? (one.data ?? mine.data?.data.find((t) => t.id === teamId)) : undefined;
  return { team, query: one };
}
