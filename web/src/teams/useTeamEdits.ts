import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '@kiln/contracts';
import { outcomeUnknown } from '../api/idempotency';
import { membersApi, projectsApi, teamEditsApi } from '../api/team-edits';
import type { ProjectChanges, TeamChanges } from '../api/teams';
import {
  applyMemberFact,
  applyProjectRemoval,
  applyProjectUpsert,
  applyTeamRemoval,
  applyTeamUpsert,
  checkedMembers,
  membersMissing,
  refetchMembers,
  teamKeys,
} from './team-cache';

/*
 * The team pages' and dialogs' queries and changes, of their own chunks; the navigation's reads (useMyTeams,
 * useTeam) are useTeams.ts, in the first load (docs/adr/0013).
 */

export function useProjects(teamId: string) {
  return useQuery({ queryKey: teamKeys.projects(teamId), queryFn: () => projectsApi.list(teamId) });
}

/** The members of a team; an answer that lacks a member a push just named is asked again a moment later. */
export function useMembers(teamId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: teamKeys.members(teamId),
    queryFn: async () => {
      const answer = await membersApi.list(teamId);
      if (membersMissing(queryClient, teamId, answer)) setTimeout(() => refetchMembers(queryClient, teamId), MEMBERS_RETRY_MS);
      return checkedMembers(queryClient, answer);
    },
  });
}
const MEMBERS_RETRY_MS = 1000;

// Creates may be retried with the same Idempotency-Key when the outcome is unknown (see api/idempotency.ts).
const retryUnknown = {
  retry: (failures: number, error: Error) => failures < 2 && outcomeUnknown(error),
  retryDelay: (failures: number) => 500 * 2 ** failures,
};

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, idempotencyKey }: { name: string; idempotencyKey: string }) => teamEditsApi.create(name, idempotencyKey),
    ...retryUnknown,
    onSuccess: (team) => applyTeamUpsert(queryClient, team, true),
  });
}

export function useUpdateTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TeamChanges) => teamEditsApi.update(teamId, changes),
    onSuccess: (team) => applyTeamUpsert(queryClient, team, false),
  });
}

export function useDeleteTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => teamEditsApi.remove(teamId),
    onSuccess: () => applyTeamRemoval(queryClient, teamId),
  });
}

export function useCreateProject(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, idempotencyKey }: { name: string; idempotencyKey: string }) => projectsApi.create(teamId, name, idempotencyKey),
    ...retryUnknown,
    onSuccess: (project) => applyProjectUpsert(queryClient, project),
  });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProjectChanges }) => projectsApi.update(id, changes),
    onSuccess: (project) => applyProjectUpsert(queryClient, project),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; teamId: string }) => projectsApi.remove(id),
    onSuccess: (_answer, { id, teamId }) => applyProjectRemoval(queryClient, { id, teamId }),
  });
}

export function useInviteMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: TeamRole | '' }) => membersApi.invite(teamId, email, role),
    onSuccess: (member) => applyMemberFact(queryClient, { ...member, deleted: false }),
  });
}

export function useChangeMemberRole(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: TeamRole }) => membersApi.changeRole(id, role),
    onSuccess: (member) => applyMemberFact(queryClient, { ...member, teamId, deleted: false }),
  });
}

/** Removes a member (the owner), or leaves the team (`leaving`: then the team is gone for me). */
export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; leaving: boolean }) => membersApi.remove(id),
    onSuccess: (member, { leaving }) => {
      if (leaving) applyTeamRemoval(queryClient, teamId);
      else applyMemberFact(queryClient, { ...member, teamId, deleted: true });
    },
  });
}
