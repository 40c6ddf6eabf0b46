import { useState } from 'react';
import { useNavigate } from 'react-router';
import { teamAllows } from '@kiln/domain';
import type { TeamMember, TeamRole } from '@kiln/contracts';
import { useMe } from '../auth/session';
import { Avatar } from '../shell/UserMenu';
import { preloadOn } from '../ui/lazy';
import { PlusIcon } from '../ui/icons';
import { ConfirmDialog, InviteMemberDialog, LazyDialog, preloadTeamDialogs } from './lazy-dialogs';
import { useTeamOutlet } from './TeamScope';
import { useChangeMemberRole, useMembers, useRemoveMember } from './useTeamEdits';

const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

type MemberDialog = { kind: 'invite' } | { kind: 'remove' | 'leave'; member: TeamMember } | null;

/** A member's name: the account's, or the invited e-mail while the invite is pending. */
const nameOf = (member: TeamMember) => member.user?.fullName || member.data.email;
const emailOf = (member: TeamMember) => member.user?.email || member.data.email;

/**
 * `/{teamId}/members` (spec 001 §2, §4, §6): members with role and status. The owner invites, changes roles
 * (viewer ↔ editor) and removes members; the owner's row is fixed. Anyone else may leave from their own row.
 */
export function MembersPage() {
  const { team } = useTeamOutlet();
  const { data: me } = useMe();
  const members = useMembers(team.id);
  const changeRole = useChangeMemberRole(team.id);
  const remove = useRemoveMember(team.id);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<MemberDialog>(null);
  const closeDialog = () => setDialog(null);
  const mayInvite = teamAllows(team.userRole, 'member.invite');
  const mayChange = teamAllows(team.userRole, 'member.changeRole');
  const mayRemove = teamAllows(team.userRole, 'member.remove');
  const mayLeave = teamAllows(team.userRole, 'member.leave');
  const list = members.data?.data ?? [];

  return (
    <section className="members-page" aria-labelledby="members-title">
      <div className="page-header">
        <div>
          <h1 id="members-title">Members</h1>
          {members.isSuccess && (
            <p className="page-sub" data-testid="member-total">
              {list.length} {list.length === 1 ? 'member' : 'members'} of {team.name}
            </p>
          )}
        </div>
        {mayInvite && (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="invite-button"
            {...preloadOn(preloadTeamDialogs)}
            onClick={() => setDialog({ kind: 'invite' })}
          >
            <PlusIcon size={18} /> Invite
          </button>
        )}
      </div>

      {members.isPending && (
        <p className="page-loading" role="status" aria-busy="true">
          Loading members…
        </p>
      )}
      {/* Spec 000 §8: a failed fetch of the members is only logged; the list stays empty. */}
      {members.isError && (
        <p className="muted" data-testid="members-failed">
          The members could not be loaded.
        </p>
      )}

      {list.length > 0 && (
        <ul className="member-list" aria-label="Members">
          {list.map((member) => {
            const isOwner = member.role === 'owner';
            const isMe = Boolean(me && member.userId === me.id);
            const name = nameOf(member);
            return (
              <li
                key={member.id}
                className="member-row"
                data-testid="member-row"
                data-email={emailOf(member)}
                data-role={member.role}
                data-status={member.status}
              >
                <span className="member-who">
                  {member.user ? (
                    <Avatar user={member.user} size={36} />
                  ) : (
                    <span className="avatar avatar--pending" data-initials="@" aria-hidden="true" style={{ width: 36, height: 36 }} />
                  )}
                  <span className="member-text">
                    <span className="member-name">
                      {name}
                      {isMe && <span className="muted"> (you)</span>}
                    </span>
                    {member.user && <span className="member-email">{emailOf(member)}</span>}
                  </span>
                </span>
                <span className={`badge badge--${member.status}`} data-testid="member-status">
                  {member.status === 'active' ? 'Active' : 'Pending'}
                </span>
                <span className="member-role">
                  {mayChange && !isOwner ? (
                    <select
                      className="role-select"
                      aria-label={`Role of ${name}`}
                      data-testid="member-role-select"
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => changeRole.mutate({ id: member.id, role: event.target.value as TeamRole })}
                    >
                      <option value="viewer">{ROLE_LABELS.viewer}</option>
                      <option value="editor">{ROLE_LABELS.editor}</option>
                    </select>
                  ) : (
                    <span data-testid="member-role">{ROLE_LABELS[member.role]}</span>
                  )}
                </span>
                <span className="member-actions">
                  {mayRemove && !isOwner && !isMe && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      data-testid="member-remove"
                      aria-label={`Remove ${name}`}
                      {...preloadOn(preloadTeamDialogs)}
                      onClick={() => setDialog({ kind: 'remove', member })}
                    >
                      Remove
                    </button>
                  )}
                  {mayLeave && isMe && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      data-testid="member-leave"
                      {...preloadOn(preloadTeamDialogs)}
                      onClick={() => setDialog({ kind: 'leave', member })}
                    >
                      Leave
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {changeRole.isError && (
        <p className="form-error" role="alert">
          {changeRole.error.message}
        </p>
      )}

      {dialog?.kind === 'invite' && (
        <LazyDialog title="Invite member" onClose={closeDialog}>
          <InviteMemberDialog teamId={team.id} onClose={closeDialog} />
        </LazyDialog>
      )}
      {dialog?.kind === 'remove' && (
        <LazyDialog title="Remove member" onClose={closeDialog}>
          <ConfirmDialog
            title="Remove member"
            confirmLabel="Remove"
            pendingLabel="Removing…"
            onConfirm={() => remove.mutateAsync({ id: dialog.member.id, leaving: false })}
            onClose={closeDialog}
          >
            Remove <strong>{nameOf(dialog.member)}</strong> from {team.name}? They lose access to the team’s projects and models.
          </ConfirmDialog>
        </LazyDialog>
      )}
      {dialog?.kind === 'leave' && (
        <LazyDialog title="Leave team" onClose={closeDialog}>
          <ConfirmDialog
            title="Leave team"
            confirmLabel="Leave"
            pendingLabel="Leaving…"
            onConfirm={async () => {
              await remove.mutateAsync({ id: dialog.member.id, leaving: true });
              navigate('/', { replace: true });
            }}
            onClose={closeDialog}
          >
            Leave <strong>{team.name}</strong>? You lose access to its projects and models until the owner invites you again.
          </ConfirmDialog>
        </LazyDialog>
      )}
    </section>
  );
}
