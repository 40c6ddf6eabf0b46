import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessToken, CreatedAccessToken, TokenScope } from '@kiln/contracts';
import { ACCESS_TOKEN_EXPIRY_DAYS, ACCESS_TOKEN_NAME_MAX, TOKEN_AREA_LABELS, TOKEN_AREAS } from '@kiln/contracts/constants';
import { ACCESS_TOKEN_MESSAGES, accessTokenErrors, normalizeScopes } from '@kiln/domain';
import { ApiError, messageOf } from '../api/client';
import { addKnownMessages } from '../api/messages';
import { teamsApi } from '../api/teams';
import { formatDay } from '../ui/dates';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { tokensApi } from './tokens-api';
import './tokens.css';

// The service's and the BFF's sentences are shown as they come (web/src/api/messages.ts).
addKnownMessages(Object.values(ACCESS_TOKEN_MESSAGES));

export const TOKENS_PATH = '/settings/tokens';
const KEY = ['access-tokens'] as const;

/** `/settings/tokens[?team={id}]`: my personal tokens, or those of a team I own; create (the secret shown once), revoke. */
export function AccessTokensPage() {
  const [search, setSearch] = useSearchParams();
  const teamId = search.get('team');
  const teams = useQuery({ queryKey: ['teams', 'mine'], queryFn: teamsApi.listMine });
  const owned = (teams.data?.data ?? []).filter((t) => t.userRole === 'owner');
  const list = useQuery({ queryKey: [...KEY, teamId], queryFn: () => tokensApi.list(teamId) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  return (
    <section className="tokens-page" aria-labelledby="tokens-title">
      <div className="page-header">
        <h1 id="tokens-title">Access tokens</h1>
      </div>
      <p className="muted tokens-intro">
        A token lets a program use the Kiln API as you, with only the scopes you give it: send it as <code>Authorization: Bearer</code>. A token cannot create
        tokens or change your account. A team token acts as the owner who made it, while they own the team, and cannot read that person’s own notifications,
        favorites or shared models.
      </p>
      <div className="field tokens-scope">
        <label htmlFor="tokens-whose">Whose tokens</label>
        <select
          id="tokens-whose"
          value={teamId ?? ''}
          onChange={(e) => {
            setCreated(null);
            setSearch(e.target.value ? { team: e.target.value } : {});
          }}
          data-testid="tokens-whose"
        >
          <option value="">Personal</option>
          {owned.map((t) => (
            <option key={t.id} value={t.id}>
              Team: {t.name}
            </option>
          ))}
        </select>
      </div>
      {created && <SecretShown created={created} onDone={() => setCreated(null)} />}
      <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="token-new">
        New token
      </button>
      <h2 className="tokens-subtitle">{teamId ? 'Team tokens' : 'Your tokens'}</h2>
      {list.isPending && <p role="status">Loading…</p>}
      {list.isError && (
        <p className="form-error" role="alert">
          {messageOf(list.error)}
        </p>
      )}
      {list.data && list.data.data.length === 0 && <p className="muted">No tokens yet.</p>}
      <ul className="tokens-list" data-testid="token-list">
        {list.data?.data.map((token) => (
          <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
        ))}
      </ul>
      {creating && (
        <CreateTokenDialog
          teamId={teamId}
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
      )}
      {revoking && <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}

const scopeText = (scopes: readonly TokenScope[]) =>
  TOKEN_AREAS.flatMap((area) =>
    scopes.includes(`${area}:write`)
      ? [`${TOKEN_AREA_LABELS[area]}: read and write`]
      : scopes.includes(`${area}:read`)
        ? [`${TOKEN_AREA_LABELS[area]}: read`]
        : [],
  ).join(', ');

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke(): void }) {
  // When the row was first drawn is recent enough to say "expired".
  const [drawnAt] = useState(() => Date.now());
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= drawnAt;
  return (
    <li className="tokens-item" data-testid="token-row">
      <div className="tokens-item-head">
        <h3 className="tokens-name">{token.name}</h3>
        <code className="tokens-hint">{token.hint}…</code>
      </div>
      <dl className="tokens-facts">
        <div>
          <dt>Scopes</dt>
          <dd>{scopeText(token.scopes)}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{token.expiresAt ? `${formatDay(token.expiresAt)}${expired ? ' (expired)' : ''}` : 'Never'}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd data-testid="token-last-used">{token.lastUsedAt ? formatDay(token.lastUsedAt) : 'Never'}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDay(token.createdAt)}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn-ghost tokens-revoke" onClick={onRevoke} aria-label={`Revoke ${token.name}`} data-testid="token-revoke">
        Revoke
      </button>
    </li>
  );
}

function SecretShown({ created, onDone }: { created: CreatedAccessToken; onDone(): void }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(created.secret).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  return (
    <div className="tokens-secret" data-testid="token-secret-shown">
      <p className="tokens-secret-title">
        Token “{created.token.name}” created. <strong>{ACCESS_TOKEN_MESSAGES.secretShownOnce}</strong>
      </p>
      <code className="tokens-code" data-testid="token-secret">
        {created.secret}
      </code>
      <div className="tokens-actions">
        <button type="button" className="btn btn-primary" onClick={copy} data-testid="token-copy">
          Copy
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone} data-testid="token-secret-done">
          Done
        </button>
        <p role="status" className="muted tokens-copied">
          {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Could not copy: select the token and copy it yourself.' : ''}
        </p>
      </div>
    </div>
  );
}

/** The expiry choices: days from now, or never. */
const EXPIRY_CHOICES = [...ACCESS_TOKEN_EXPIRY_DAYS.map((days) => ({ value: String(days), label: `${days} days` })), { value: 'never', label: 'No expiry' }];

function CreateTokenDialog({ teamId, onClose, onCreated }: { teamId: string | null; onClose(): void; onCreated(answer: CreatedAccessToken): void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiry, setExpiry] = useState('30');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const create = useMutation({ mutationFn: tokensApi.create });
  const toggle = (scope: TokenScope) => setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000);
    const found = accessTokenErrors({ name, scopes, expiresAt }, new Date());
    if (found.length) return setErrors(Object.fromEntries(found.map((e) => [e.path, e.message])));
    try {
      const answer = await create.mutateAsync({ name: name.trim(), scopes: normalizeScopes(scopes), expiresAt: expiresAt?.toISOString() ?? null, teamId });
      await queryClient.invalidateQueries({ queryKey: KEY });
      onCreated(answer);
    } catch (error) {
      const field = error instanceof ApiError ? error.body.errors?.[0] : undefined;
      setErrors(field?.path === 'name' ? { name: field.message } : { form: messageOf(error) });
    }
  };

  return (
    <Dialog title={teamId ? 'New team token' : 'New token'} onClose={onClose} width={520}>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Name"
          value={name}
          maxLength={ACCESS_TOKEN_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          errors={errors.name}
          hint="What the token is for, e.g. the program that uses it."
          data-testid="token-name"
        />
        <fieldset className="tokens-scopes" aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
          <legend>Scopes</legend>
          <p className="field-hint">Write includes read.</p>
          {TOKEN_AREAS.map((area) => {
            const write = scopes.includes(`${area}:write`);
            return (
              <div key={area} className="tokens-scope-row" role="group" aria-label={TOKEN_AREA_LABELS[area]}>
                <span className="tokens-scope-area" aria-hidden="true">
                  {TOKEN_AREA_LABELS[area]}
                </span>
                <label className="tokens-check">
                  <input
                    type="checkbox"
                    checked={write || scopes.includes(`${area}:read`)}
                    disabled={write}
                    onChange={() => toggle(`${area}:read`)}
                    data-testid={`token-scope-${area}-read`}
                  />
                  {`Read ${TOKEN_AREA_LABELS[area].toLowerCase()}`}
                </label>
                <label className="tokens-check">
                  <input type="checkbox" checked={write} onChange={() => toggle(`${area}:write`)} data-testid={`token-scope-${area}-write`} />
                  {`Write ${TOKEN_AREA_LABELS[area].toLowerCase()}`}
                </label>
              </div>
            );
          })}
          {errors.scopes && (
            <p id="token-scopes-error" className="field-error" role="alert" data-testid="field-error">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor="token-expiry">Expires</label>
          <select id="token-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value)} data-testid="token-expiry">
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="token-create">
            {create.isPending ? 'Creating…' : 'Create token'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RevokeDialog({ token, onClose }: { token: AccessToken; onClose(): void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => tokensApi.revoke(token.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
  });
  return (
    <Dialog title={`Revoke “${token.name}”?`} onClose={onClose}>
      <p>Programs using this token stop working at once. This cannot be undone.</p>
      {revoke.isError && (
        <p className="form-error" role="alert">
          {messageOf(revoke.error)}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => revoke.mutate()} disabled={revoke.isPending} data-testid="token-revoke-confirm">
          {revoke.isPending ? 'Revoking…' : 'Revoke'}
        </button>
      </div>
    </Dialog>
  );
}
