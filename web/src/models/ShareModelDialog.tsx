import { useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVERYONE_ACCESS, SHARE_ROLES, type EveryoneAccess, type ShareRole } from '@kiln/domain';
import type { Model, ModelShares, SharedModel } from '@kiln/contracts';
import { messageOf } from '../api/client';
import { sharingApi } from '../api/sharing';
import { Avatar } from '../shell/UserMenu';
import { Dialog } from '../ui/Dialog';
import { applyModelUpsert, modelKeys } from './model-cache';

/** Spec 000 §5: a basic e-mail pattern before a new share entry is offered (the service checks the same). */
export const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const shareKeys = {
  shares: (modelId: string) => ['model-shares', modelId] as const,
  users: ['share-users'] as const,
};

const ROLE_LABELS: Record<EveryoneAccess, string> = {
  private: 'No Access',
  viewer: 'Viewer',
  editor: 'Editor',
  configurator: 'Configurator',
  inspector: 'Inspector',
};

function RoleSelect({
  value,
  onChange,
  label,
  options,
  disabled,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  options: readonly EveryoneAccess[];
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <select className="role-select" aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      {options.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** One person the model is shared with: role to change, and removal after a confirmation (spec 000 §6). */
function ShareRow({ share, onRole, onRemove, busy }: { share: SharedModel; onRole: (role: ShareRole) => void; onRemove: () => void; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const name = share.user?.fullName ?? share.email;
  return (
    <li className="share-row" data-testid="share-row" data-email={share.email}>
      {share.user ? (
        <Avatar user={share.user} size={32} />
      ) : (
        <span className="share-avatar-pending" aria-hidden="true">
          @
        </span>
      )}
      <span className="share-person">
        <span className="share-name">{name}</span>
        <span className="share-email">{share.status === 'pending' ? `${share.email} · Pending` : share.email}</span>
      </span>
      {confirming ? (
        <span className="share-confirm" role="group" aria-label={`Remove ${name}?`}>
          <span className="share-confirm-text">Remove?</span>
          <button type="button" className="btn btn-danger btn-small" disabled={busy} onClick={onRemove} data-testid="confirm-remove-share" autoFocus>
            Remove
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </span>
      ) : (
        <span className="share-controls">
          <RoleSelect
            label={`Role of ${name}`}
            value={share.role}
            options={SHARE_ROLES}
            disabled={busy}
            onChange={(role) => onRole(role as ShareRole)}
            testId="share-role"
          />
          <button type="button" className="link-btn" onClick={() => setConfirming(true)} data-testid="remove-share" aria-label={`Remove ${name}`}>
            Remove
          </button>
        </span>
      )}
    </li>
  );
}

/**
 * The share dialog of a model's owner (spec 000 §2, §6): invite by e-mail with a role, the people with their
 * roles (the owner row fixed), and the 'Everyone' link access.
 */
export function ShareModelDialog({ model, onClose }: { model: Model; onClose: () => void }) {
  const queryClient = useQueryClient();
  const key = shareKeys.shares(model.id);
  const shares = useQuery({ queryKey: key, queryFn: () => sharingApi.shares(model.id) });
  const users = useQuery({ queryKey: shareKeys.users, queryFn: sharingApi.shareUsers, staleTime: 60_000 });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ShareRole>('viewer');
  const [copied, setCopied] = useState('');
  const inviteId = useId();

  const setShares = (update: (data: ModelShares) => ModelShares) => queryClient.setQueryData<ModelShares>(key, (data) => (data ? update(data) : data));
  const afterChange = () => void queryClient.invalidateQueries({ queryKey: shareKeys.users });

  const invite = useMutation({
    mutationFn: () => sharingApi.share(model.id, email.trim(), role),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      setEmail('');
      afterChange();
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: ShareRole }) => sharingApi.changeRole(id, role),
    onSuccess: (share) => setShares((data) => ({ ...data, data: data.data.map((s) => (s.id === share.id ? { ...s, ...share } : s)) })),
  });
  const remove = useMutation({
    mutationFn: (id: string) => sharingApi.removeShare(id),
    onSuccess: (_answer, id) => setShares((data) => ({ ...data, data: data.data.filter((s) => s.id !== id) })),
  });
  const everyone = useMutation({
    mutationFn: (shareAs: EveryoneAccess) => sharingApi.shareWithEveryone(model.id, shareAs),
    onSuccess: (answer) => {
      setShares((data) => ({ ...data, sharedWithEveryone: answer.sharedWithEveryone }));
      applyModelUpsert(queryClient, answer, false);
      void queryClient.invalidateQueries({ queryKey: modelKeys.all });
    },
  });

  const typed = email.trim().toLowerCase();
  const valid = BASIC_EMAIL.test(typed);
  const sharedEmails = useMemo(() => new Set((shares.data?.data ?? []).map((s) => s.email.toLowerCase())), [shares.data]);
  const suggestions = useMemo(() => {
    if (!typed || valid) return [];
    return (users.data?.data ?? [])
      .filter((u) => !sharedEmails.has(u.email.toLowerCase()) && (u.email.toLowerCase().includes(typed) || u.fullName.toLowerCase().includes(typed)))
      .slice(0, 5);
  }, [typed, valid, users.data, sharedEmails]);

  const error = [invite, changeRole, remove, everyone].find((m) => m.isError)?.error;
  const link = `${window.location.origin}/workspace/edit/${encodeURIComponent(model.id)}`;
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied.');
    } catch {
      setCopied('Could not copy the link.');
    }
  };

  return (
    <Dialog title={`Share ${model.name}`} onClose={onClose} width={560}>
      <form
        className="share-invite"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !invite.isPending) invite.mutate();
        }}
      >
        <div className="field share-email-field">
          <label htmlFor={inviteId}>Invite by e-mail</label>
          <input
            id={inviteId}
            type="email"
            autoComplete="off"
            autoFocus
            placeholder="name@example.com"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              invite.reset();
            }}
            data-testid="share-email"
          />
        </div>
        <RoleSelect
          label="Role for the invite"
          value={role}
          options={SHARE_ROLES}
          onChange={(value) => setRole(value as ShareRole)}
          testId="share-invite-role"
        />
        <button type="submit" className="btn btn-primary" disabled={!valid || invite.isPending} data-testid="share-invite">
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </button>
      </form>
      {suggestions.length > 0 && (
        <ul className="share-suggestions" aria-label="Suggestions">
          {suggestions.map((user) => (
            <li key={user.id}>
              <button type="button" className="share-suggestion" onClick={() => setEmail(user.email)} data-testid="share-suggestion">
                <Avatar user={user} size={24} />
                <span>{user.fullName}</span>
                <span className="share-email">{user.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="form-error">
          {messageOf(error)}
        </p>
      )}

      <h3 className="share-heading">People with access</h3>
      {shares.isPending && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {shares.isError && (
        <p className="form-error" role="alert">
          {messageOf(shares.error)}
        </p>
      )}
      {shares.data && (
        <ul className="share-list" aria-label="People with access">
          <li className="share-row" data-testid="share-owner">
            <Avatar user={shares.data.owner} size={32} />
            <span className="share-person">
              <span className="share-name">{shares.data.owner.fullName}</span>
              <span className="share-email">{shares.data.owner.email}</span>
            </span>
            <span className="share-owner-role">Owner</span>
          </li>
          {shares.data.data.map((share) => (
            <ShareRow
              key={share.id}
              share={share}
              busy={(changeRole.isPending && changeRole.variables?.id === share.id) || (remove.isPending && remove.variables === share.id)}
              onRole={(next) => changeRole.mutate({ id: share.id, role: next })}
              onRemove={() => remove.mutate(share.id)}
            />
          ))}
        </ul>
      )}

      <h3 className="share-heading">Everyone with the link</h3>
      <div className="share-everyone">
        <RoleSelect
          label="Access for everyone with the link"
          value={shares.data?.sharedWithEveryone ?? model.sharedWithEveryone}
          options={EVERYONE_ACCESS}
          disabled={!shares.data || everyone.isPending}
          onChange={(value) => everyone.mutate(value as EveryoneAccess)}
          testId="share-everyone"
        />
        <button type="button" className="btn btn-ghost" onClick={() => void copyLink()}>
          Copy link
        </button>
        <span className="field-hint" role="status">
          {copied}
        </span>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
