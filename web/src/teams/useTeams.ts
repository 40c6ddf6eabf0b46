import { useQuery, useQueryClient } from '@tanstack/react-query';
import { teamsApi } from '../api/teams';
import { checkedTeam, checkedTeamList, teamKeys } from './team-cache';

/** The teams I am an active member of, with their projects (the navigation's list). */
export function useMyTeams() {
  const queryClient = useQueryClient();
  // An answer may have left the server before a push it had not seen: checked against what the cache knows.
  return useQuery({ queryKey: teamKeys.mine, queryFn: async () => checkedTeamList(queryClient, await teamsApi.listMine()) });
}

/** One team with my role in it; `undefined` id asks for nothing. */
export function useTeam(teamId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: teamKeys.team(teamId ?? ''),
    queryFn: async () => checkedTeam(queryClient, await teamsApi.get(teamId!)),
    enabled: Boolean(teamId),
  });
}
