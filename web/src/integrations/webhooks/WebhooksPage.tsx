import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhookEndpoint, WebhookDelivery } from '@kiln/contracts';
import { WEBHOOK_DELIVERY_PAGE_SIZE, WEBHOOK_LOG_DAYS, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX } from '@kiln/contracts/constants';
import { ApiError, messageOf } from '../../api/client';
import { addKnownMessages } from '../../api/messages';
import { projectsApi } from '../../api/team-edits';
import { teamsApi } from '../../api/teams';
import { TextField } from '../../ui/TextField';
import { webhooksApi } from './webhooks-api';
import './webhooks.css';

// The service's sentences are shown as they come (web/src/api/messages.ts).
addKnownMessages(Object.values(WEBHOOK_MESSAGES));

export const WEBHOOKS_PATH = '/settings/integrations/webhooks';
const KEY = ['webhooks'] as const;

interface Scope {
  teamId: string | null;
  projectId: string | null;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** `/settings/integrations/webhooks[/:endpointId]`: my endpoints (or a team's I own), one endpoint's log. */
export function WebhooksPage() {
  const { endpointId } = useParams();
  return (
    <section className="webhooks-page" aria-labelledby="webhooks-title">
      <div className="page-header">
        <h1 id="webhooks-title">Webhooks</h1>
      </div>
      {endpointId ? <EndpointDetail endpointId={endpointId} /> : <EndpointList />}
    </section>
  );
}

function ScopePicker({ scope, onChange }: { scope: Scope; onChange(scope: Scope): void }) {
  const teams = useQuery({ queryKey: ['teams', 'mine'], queryFn: teamsApi.listMine });
  const owned = (teams.data?.data ?? []).filter((t) => t.userRole === 'owner');
  const projects = useQuery({
    queryKey: ['webhooks', 'projects', scope.teamId],
    queryFn: () => projectsApi.list(scope.teamId!),
    enabled: scope.teamId !== null,
  });
  return (
    <div className="webhooks-scope">
      <div className="field">
        <label htmlFor="webhook-scope-team">Whose events</label>
        <select
          id="webhook-scope-team"
          value={scope.teamId ?? ''}
          onChange={(e) => onChange({ teamId: e.target.value || null, projectId: null })}
          data-testid="webhook-scope-team"
        >
          <option value="">Personal</option>
          {owned.map((t) => (
            <option key={t.id} value={t.id}>
              Team: {t.name}
            </option>
          ))}
        </select>
      </div>
      {scope.teamId !== null && (
        <div className="field">
          <label htmlFor="webhook-scope-project">Project</label>
          <select id="webhook-scope-project" value={scope.projectId ?? ''} onChange={(e) => onChange({ ...scope, projectId: e.target.value || null })}>
            <option value="">Every project of the team</option>
            {(projects.data?.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

function EndpointList() {
  const [scope, setScope] = useState<Scope>({ teamId: null, projectId: null });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const list = useQuery({ queryKey: [...KEY, 'list', scope], queryFn: () => webhooksApi.list(scope) });
  return (
    <>
      <p className="muted">
        Kiln posts each chosen event to your https address, signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature). Failed
        deliveries are retried for at least a day; every attempt is logged for {WEBHOOK_LOG_DAYS} days.
      </p>
      <ScopePicker scope={scope} onChange={setScope} />
      {created && <SecretShown endpoint={created} onDone={() => setCreated(null)} />}
      {adding ? (
        <CreateEndpointForm
          scope={scope}
          onCancel={() => setAdding(false)}
          onCreated={(endpoint) => {
            setAdding(false);
            setCreated(endpoint);
          }}
        />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)} data-testid="webhook-add">
          Add endpoint
        </button>
      )}
      <h2 className="webhooks-subtitle">Endpoints</h2>
      {list.isPending && <p role="status">Loading…</p>}
      {list.isError && (
        <p className="form-error" role="alert">
          {messageOf(list.error)}
        </p>
      )}
      {list.data && list.data.data.length === 0 && <p className="muted">No endpoints yet.</p>}
      <ul className="webhooks-list" data-testid="webhook-list">
        {list.data?.data.map((endpoint) => (
          <li key={endpoint.id} className="webhooks-item">
            <Link to={`${WEBHOOKS_PATH}/${endpoint.id}`} className="webhooks-url">
              {endpoint.url}
            </Link>
            <span className={`webhooks-badge ${endpoint.enabled ? 'is-on' : 'is-off'}`}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</span>
            <span className="muted webhooks-types">
              {endpoint.eventTypes.length} event type{endpoint.eventTypes.length === 1 ? '' : 's'}
              {endpoint.ordered ? ' · ordered' : ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function SecretShown({ endpoint, onDone }: { endpoint: CreatedWebhookEndpoint; onDone(): void }) {
  return (
    <div className="webhooks-secret" role="status" data-testid="webhook-secret-shown">
      <p>Endpoint added. Its signing secret (verify each delivery's webhook-signature with it; you can show it again on the endpoint's page):</p>
      <code className="webhooks-code" data-testid="webhook-secret">
        {endpoint.secret}
      </code>
      <div className="webhooks-actions">
        <Link to={`${WEBHOOKS_PATH}/${endpoint.id}`} className="btn btn-ghost">
          Open endpoint
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** The catalogue's descriptions mark names with backticks (as the AsyncAPI document's Markdown does): shown as code. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

function EventTypePicker({ chosen, onChange }: { chosen: string[]; onChange(types: string[]): void }) {
  const types = useQuery({ queryKey: [...KEY, 'event-types'], queryFn: webhooksApi.eventTypes, staleTime: Infinity });
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => (types.data?.data ?? []).filter((t) => !filter.trim() || t.type.includes(filter.trim().toLowerCase())), [types.data, filter]);
  const toggle = (type: string) => onChange(chosen.includes(type) ? chosen.filter((t) => t !== type) : [...chosen, type]);
  return (
    <fieldset className="webhooks-types-picker">
      <legend>Event types ({chosen.length} chosen)</legend>
      <TextField label="Filter event types" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="webhook-type-filter" />
      {types.isPending && <p role="status">Loading…</p>}
      <ul className="webhooks-type-list">
        {shown.map((t) => (
          <li key={t.type}>
            <label className="webhooks-check">
              <input type="checkbox" checked={chosen.includes(t.type)} onChange={() => toggle(t.type)} />
              <span>
                <code>{t.type}</code>
                {t.description && <span className="muted"> — {withCode(t.description)}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function CreateEndpointForm({ scope, onCancel, onCreated }: { scope: Scope; onCancel(): void; onCreated(e: CreatedWebhookEndpoint): void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [ordered, setOrdered] = useState(false);
  const [errors, setErrors] = useState<{ url?: string; types?: string; form?: string }>({});
  const create = useMutation({ mutationFn: webhooksApi.create });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (types.length === 0) return setErrors({ types: WEBHOOK_MESSAGES.eventTypesRequired });
    try {
      const endpoint = await create.mutateAsync({ url: url.trim(), description, eventTypes: types, ordered, ...scope });
      await queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] });
      onCreated(endpoint);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body.errors ?? []) : [];
      const urlError = fields.find((f) => f.path === 'url')?.message;
      const typeError = fields.find((f) => f.path.startsWith('eventTypes'))?.message;
      setErrors(urlError || typeError ? { url: urlError, types: typeError } : { form: messageOf(error) });
    }
  };

  return (
    <form className="form webhooks-form" noValidate onSubmit={submit} aria-labelledby="webhook-create-title">
      <h2 id="webhook-create-title" className="webhooks-subtitle">
        New endpoint
      </h2>
      <TextField
        label="Endpoint address (https://…)"
        type="url"
        inputMode="url"
        required
        maxLength={WEBHOOK_URL_MAX}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        errors={errors.url}
        data-testid="webhook-url"
      />
      <TextField label="Description (optional)" maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />
      <EventTypePicker chosen={types} onChange={setTypes} />
      {errors.types && (
        <p className="field-error" role="alert" data-testid="webhook-types-error">
          {errors.types}
        </p>
      )}
      <label className="webhooks-check">
        <input type="checkbox" checked={ordered} onChange={(e) => setOrdered(e.target.checked)} data-testid="webhook-ordered" />
        <span>In order per record (a later event of one record waits until the earlier one is delivered or dropped)</span>
      </label>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="webhooks-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="webhook-create">
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}

function EndpointDetail({ endpointId }: { endpointId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const one = useQuery({ queryKey: [...KEY, 'get', endpointId], queryFn: () => webhooksApi.get(endpointId) });
  const [secret, setSecret] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => webhooksApi.update(endpointId, { enabled }),
    onSuccess: (updated) => queryClient.setQueryData([...KEY, 'get', endpointId], updated),
  });
  const remove = useMutation({
    mutationFn: () => webhooksApi.remove(endpointId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] });
      navigate(WEBHOOKS_PATH);
    },
  });
  if (one.isPending) return <p role="status">Loading…</p>;
  if (one.isError)
    return (
      <p className="form-error" role="alert">
        {messageOf(one.error)}
      </p>
    );
  const e = one.data;
  return (
    <>
      <p>
        <Link to={WEBHOOKS_PATH}>← All endpoints</Link>
      </p>
      <div className="webhooks-card" data-testid="webhook-detail">
        <h2 className="webhooks-subtitle webhooks-url">{e.url}</h2>
        {e.description && <p>{e.description}</p>}
        <p>
          <span className={`webhooks-badge ${e.enabled ? 'is-on' : 'is-off'}`} data-testid="webhook-state">
            {e.enabled ? 'Enabled' : 'Disabled'}
          </span>{' '}
          {!e.enabled && e.disabledReason && <span className="muted">{e.disabledReason}</span>}
        </p>
        <p className="muted">
          {e.scope === 'personal' ? 'Your own events' : e.scope === 'team' ? "The team's events" : "The project's events"}
          {e.ordered ? ' · in order per record' : ''} · {e.eventTypes.join(', ')}
        </p>
        <div className="webhooks-actions">
          <button type="button" className="btn btn-ghost" disabled={toggle.isPending} onClick={() => toggle.mutate(!e.enabled)} data-testid="webhook-toggle">
            {e.enabled ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={async () => {
              try {
                setSecret((await webhooksApi.secret(endpointId)).secret);
              } catch (error) {
                setNote(messageOf(error));
              }
            }}
            data-testid="webhook-show-secret"
          >
            Show secret
          </button>
          <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Remove
          </button>
        </div>
        {secret && (
          <code className="webhooks-code" data-testid="webhook-secret">
            {secret}
          </code>
        )}
        {(toggle.isError || remove.isError || note) && (
          <p className="form-error" role="alert">
            {note || messageOf(toggle.error ?? remove.error)}
          </p>
        )}
      </div>
      <ReplayForm endpointId={endpointId} />
      <DeliveryLog endpointId={endpointId} />
    </>
  );
}

function ReplayForm({ endpointId }: { endpointId: string }) {
  const queryClient = useQueryClient();
  const [from, setFrom] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  const replay = useMutation({
    mutationFn: () => {
      const value = from.trim();
      const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
      return webhooksApi.replay(endpointId, time && !Number.isNaN(time.getTime()) ? { since: time.toISOString() } : { afterEventId: value });
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAnswer('');
    setError('');
    if (!from.trim()) return setError(WEBHOOK_MESSAGES.replayFromRequired);
    try {
      const { queued } = await replay.mutateAsync();
      setAnswer(`${queued} event${queued === 1 ? '' : 's'} queued again.`);
      await queryClient.invalidateQueries({ queryKey: [...KEY, 'deliveries', endpointId] });
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <form className="form webhooks-card" noValidate onSubmit={submit} aria-labelledby="webhook-replay-title">
      <h2 id="webhook-replay-title" className="webhooks-subtitle">
        Replay
      </h2>
      <TextField
        label="Since a time (2026-11-26 08:00) or after an event id"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        errors={error}
        hint={answer}
        data-testid="webhook-replay-from"
      />
      <div className="webhooks-actions">
        <button type="submit" className="btn btn-ghost" disabled={replay.isPending} data-testid="webhook-replay">
          Replay
        </button>
      </div>
    </form>
  );
}

const STATUS_TEXT: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Not sent',
};

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const queryClient = useQueryClient();
  const [skip, setSkip] = useState(0);
  const log = useQuery({
    queryKey: [...KEY, 'deliveries', endpointId, skip],
    queryFn: () => webhooksApi.deliveries(endpointId, skip),
    refetchInterval: 3000,
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) => webhooksApi.redeliver(endpointId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'deliveries', endpointId] }),
  });
  return (
    <section className="webhooks-card" aria-labelledby="webhook-log-title">
      <h2 id="webhook-log-title" className="webhooks-subtitle">
        Deliveries
      </h2>
      {log.isPending && <p role="status">Loading…</p>}
      {log.data && log.data.total === 0 && <p className="muted">No deliveries yet.</p>}
      {redeliver.isError && (
        <p className="form-error" role="alert">
          {messageOf(redeliver.error)}
        </p>
      )}
      <ul className="webhooks-log" data-testid="webhook-log">
        {log.data?.data.map((d) => (
          <li key={d.id} className="webhooks-delivery" data-testid="webhook-delivery">
            <div className="webhooks-delivery-head">
              <code>{d.eventType}</code>
              <span className={`webhooks-badge is-${d.status}`} data-testid="webhook-delivery-status">
                {STATUS_TEXT[d.status]}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={redeliver.isPending}
                onClick={() => redeliver.mutate(d.id)}
                data-testid="webhook-redeliver"
                aria-label={`Redeliver ${d.eventType} of ${when(d.createdAt)}`}
              >
                Redeliver
              </button>
            </div>
            <p className="muted">
              Event {d.eventId} · {when(d.createdAt)}
              {d.nextAttemptAt ? ` · next attempt ${when(d.nextAttemptAt)}` : ''}
            </p>
            {d.attempts.length > 0 && (
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (WCAG 2.1.1)
              <div className="webhooks-attempts-scroll" role="region" aria-label={`Attempts of ${d.eventType}`} tabIndex={0}>
                <table className="webhooks-attempts">
                  <caption className="sr-only">Attempts</caption>
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">Time</th>
                      <th scope="col">Status</th>
                      <th scope="col">Duration</th>
                      <th scope="col">Answer</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.attempts.map((a) => (
                      <tr key={a.attempt} data-testid="webhook-attempt">
                        <td>{a.attempt}</td>
                        <td>{when(a.at)}</td>
                        <td>{a.statusCode ?? '—'}</td>
                        <td>{a.durationMs} ms</td>
                        <td className="webhooks-answer">{a.error ?? a.response}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </li>
        ))}
      </ul>
      {log.data && log.data.total > WEBHOOK_DELIVERY_PAGE_SIZE && (
        <div className="webhooks-actions">
          <button type="button" className="btn btn-ghost" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - WEBHOOK_DELIVERY_PAGE_SIZE))}>
            Newer
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={skip + WEBHOOK_DELIVERY_PAGE_SIZE >= log.data.total}
            onClick={() => setSkip(skip + WEBHOOK_DELIVERY_PAGE_SIZE)}
          >
            Older
          </button>
        </div>
      )}
    </section>
  );
}
