import { TEAM_MESSAGES, type TeamRole } from '@kiln/domain';

/**
 * Who may read and change business records (ADR 0029). A personal record (teamId null) is its owner's
 * only; a team's record is read by every member and changed by the team's owners and editors. Outsiders
 * never learn a record exists (404); a viewer's change is refused (403) with a sentence for people.
 */
export type { TeamRole };
export type RecordRight = 'change' | 'read' | 'none';

export interface ScopeOf {
  ownerId: string;
  teamId: string | null;
}

/** The records a list (or tags, material tree) reads: my personal ones, or one team's (one project's). */
export type ListScope = { kind: 'personal'; ownerId: string } | { kind: 'team'; teamId: string; projectId?: string | null };

export interface BusinessAccess {
  /** The user's role in a live team, or null (not a member, pending, or no such team). */
  roleIn(userId: string, teamId: string): Promise<TeamRole | null>;
  /** What the user may do with a record of this scope. */
  rightOn(userId: string, scope: ScopeOf): Promise<RecordRight>;
  /** Throws 404 (outsider) or 403 (viewer) unless the user may change it. */
  assertCanChange(userId: string, scope: ScopeOf, notFound: string): Promise<void>;
  /** Throws 404 unless the user may read it. */
  assertCanRead(userId: string, scope: ScopeOf, notFound: string): Promise<void>;
  /**
   * Where a new record goes: personal without a team; a team's (and project's, which must be the team's;
   * a project alone names its team) when the user may change the team's records.
   */
  scopeForCreate(
    userId: string,
    requested: { teamId?: string | null; projectId?: string | null },
  ): Promise<{ ownerId: string; teamId: string | null; projectId: string | null }>;
  /** The scope of a list's `where` (teamId / projectId); 404 for a team the user is not in. */
  scopeForList(userId: string, where: { teamId?: string | null; projectId?: string | null } | undefined): Promise<ListScope>;
}

export const BUSINESS_ACCESS = Symbol('BusinessAccess');

export const ACCESS_MESSAGES = {
  teamNotFound: TEAM_MESSAGES.notFound,
  projectNotFound: TEAM_MESSAGES.projectNotFound,
  viewerCannotChange: TEAM_MESSAGES.businessViewOnly,
} as const;
