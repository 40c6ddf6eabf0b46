import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedStoreConnection, StoreConnection, StorePlatform } from '@kiln/contracts';
import { ORDER_MESSAGES, STORE_MESSAGES, STORE_PLATFORM_LABELS, STORE_PLATFORMS } from '@kiln/contracts/constants';
import { ApiError, messageOf } from '../../api/client';
import { addKnownMessages } from '../../api/messages';
import { STORE_CONNECTIONS_LABEL } from '../../shell/sections';
import { TextField } from '../../ui/TextField';
import { catalogApi } from '../business-api';
import { ScopePicker, useBusinessScope, useCanChange, type BusinessScope } from '../business-scope';
import { storeConnectionsApi, storeKeys } from './store-connections-api';
import { STORE_CONNECTION_TEXTS as T } from './store-connections-texts';
import '../business.css';
import './store-connections.css';

// The server's sentences of this section are shown as they come (this chunk adds them, docs/adr/0013).
addKnownMessages(Object.values(STORE_MESSAGES).flatMap((m) => (typeof m === 'string' ? [m] : [])));
addKnownMessages([ORDER_MESSAGES.catalogItemRequired]);

/** Field errors of a 400, by field path. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries((error.body.errors ?? []).map((e) => [e.path, e.message]));
}

const endpointOf = (c: StoreConnection) => `${window.location.origin}${c.endpointPath}`;

/** Store connections (/business/store-connections, ADR 0060): connect a store, its endpoint and secret, SKU mappings, kept orders. */
export function StoreConnectionsPage() {
  const [scope, setScope] = useBusinessScope();
  const canChange = useCanChange(scope);
  const titleId = useId();
  const list = useQuery({ queryKey: storeKeys.list(scope), queryFn: () => storeConnectionsApi.list(scope) });
  const [created, setCreated] = useState<CreatedStoreConnection | null>(null);
  const connections = list.data?.data ?? [];

  return (
    <section className="business-page store-connections-page" aria-labelledby={titleId} data-testid="store-connections">
      <div className="page-header">
        <h1 id={titleId}>{STORE_CONNECTIONS_LABEL}</h1>
        <div className="business-actions">
          <ScopePicker scope={scope} onChange={setScope} />
        </div>
      </div>
      <p className="store-intro">{T.intro}</p>
      {created && <CreatedNotice connection={created} onDone={() => setCreated(null)} />}
      {canChange && !created && <ConnectForm scope={scope} onCreated={setCreated} />}
      {list.isError && (
        <p className="field-error" role="alert">
          {messageOf(list.error)}
        </p>
      )}
      {list.isSuccess && connections.length === 0 && <p className="store-empty">{T.empty}</p>}
      <ul className="store-list">
        {connections.map((connection) => (
          <li key={connection.id}>
            <ConnectionCard connection={connection} scope={scope} canChange={canChange} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConnectForm({ scope, onCreated }: { scope: BusinessScope; onCreated: (c: CreatedStoreConnection) => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const platformId = useId();
  const secretId = useId();
  const [platform, setPlatform] = useState<StorePlatform>('shopify');
  const [name, setName] = useState('');
  const [shopUrl, setShopUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const connection = await storeConnectionsApi.create({ platform, name, shopUrl, ...(secret.trim() ? { secret } : {}), ...scopeBody(scope) });
      void queryClient.invalidateQueries({ queryKey: storeKeys.list(scope) });
      setName('');
      setShopUrl('');
      setSecret('');
      onCreated(connection);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="store-connect" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId}>{T.connect}</h2>
      <div className="field">
        <label htmlFor={platformId}>{T.platform}</label>
        <select id={platformId} value={platform} onChange={(e) => setPlatform(e.target.value as StorePlatform)}>
          {STORE_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {STORE_PLATFORM_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <TextField label={T.name} value={name} onChange={(e) => setName(e.target.value)} errors={errors.name} />
      <TextField
        label={T.shopUrl}
        value={shopUrl}
        onChange={(e) => setShopUrl(e.target.value)}
        errors={errors.shopUrl}
        placeholder="https://shop.example.com"
      />
      <div className={`field ${errors.secret ? 'field--invalid' : ''}`}>
        <label htmlFor={secretId}>{T.secret[platform]}</label>
        <textarea
          id={secretId}
          rows={platform === 'magento' ? 5 : 2}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          aria-invalid={!!errors.secret}
          aria-describedby={errors.secret ? `${secretId}-error` : undefined}
          spellCheck={false}
        />
        {errors.secret && (
          <p id={`${secretId}-error`} className="field-error" data-testid="field-error" role="alert">
            {errors.secret}
          </p>
        )}
      </div>
      {error !== null && Object.keys(errors).length === 0 && (
        <p className="field-error" role="alert">
          {messageOf(error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {T.submit}
      </button>
    </form>
  );
}

const scopeBody = (scope: BusinessScope) => ({ ...(scope.teamId ? { teamId: scope.teamId } : {}), ...(scope.projectId ? { projectId: scope.projectId } : {}) });

function CreatedNotice({ connection, onDone }: { connection: CreatedStoreConnection; onDone: () => void }) {
  const endpointId = useId();
  const secretId = useId();
  return (
    <div className="store-created" role="status" data-testid="store-created">
      <p>{T.created}</p>
      <div className="field">
        <label htmlFor={endpointId}>{T.endpoint}</label>
        <input id={endpointId} readOnly value={endpointOf(connection)} onFocus={(e) => e.currentTarget.select()} data-testid="store-endpoint" />
      </div>
      <div className="field">
        <label htmlFor={secretId}>{T.secretOnce}</label>
        <textarea id={secretId} readOnly rows={2} value={connection.secret} onFocus={(e) => e.currentTarget.select()} data-testid="store-secret" />
      </div>
      <button type="button" className="btn" onClick={onDone}>
        {T.dismiss}
      </button>
    </div>
  );
}

function ConnectionCard({ connection, scope, canChange }: { connection: StoreConnection; scope: BusinessScope; canChange: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const headingId = useId();
  const disconnect = async () => {
    setError(null);
    setConfirming(false);
    try {
      await storeConnectionsApi.remove(connection.id);
      void queryClient.invalidateQueries({ queryKey: storeKeys.list(scope) });
    } catch (caught) {
      setError(messageOf(caught));
    }
  };
  return (
    <article className="store-card" aria-labelledby={headingId} data-testid="store-card">
      <div className="store-card-head">
        <h2 id={headingId}>
          {connection.name} <span className="store-platform">{STORE_PLATFORM_LABELS[connection.platform]}</span>
        </h2>
        <p className="store-url">{connection.shopUrl}</p>
        <p className="store-endpoint">
          {T.endpoint}: <code>{endpointOf(connection)}</code>
        </p>
        {connection.needsMapping > 0 && <p className="store-waiting">{T.waiting(connection.needsMapping)}</p>}
        <div className="store-card-actions">
          <button type="button" className="btn" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            {T.manage}
          </button>
          {canChange && !confirming && (
            <button type="button" className="btn btn-danger-text" onClick={() => setConfirming(true)}>
              {T.disconnect}
            </button>
          )}
        </div>
        {confirming && (
          // Disconnecting cannot be undone (the secret is gone with it): asked once, in place, focus on the safe choice.
          <div className="store-confirm" role="group" aria-label={T.disconnect}>
            <p>{T.confirmDisconnect}</p>
            <div className="store-card-actions">
              <button type="button" className="btn btn-danger" onClick={() => void disconnect()}>
                {T.disconnect}
              </button>
              <button type="button" className="btn" onClick={() => setConfirming(false)} autoFocus>
                {T.keep}
              </button>
            </div>
          </div>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div id={panelId} hidden={!open}>
        {open && <ConnectionPanel connection={connection} scope={scope} canChange={canChange} />}
      </div>
    </article>
  );
}

function ConnectionPanel({ connection, scope, canChange }: { connection: StoreConnection; scope: BusinessScope; canChange: boolean }) {
  const queryClient = useQueryClient();
  const mappings = useQuery({ queryKey: storeKeys.mappings(connection.id), queryFn: () => storeConnectionsApi.mappings(connection.id) });
  const waiting = useQuery({ queryKey: storeKeys.needsMapping(connection.id), queryFn: () => storeConnectionsApi.needsMapping(connection.id) });
  const items = useQuery({
    queryKey: ['business', 'catalog', 'store-mapping-choices', scope.teamId ?? null, scope.projectId ?? null],
    queryFn: () => catalogApi.list({ search: '', sort: 'updatedAt DESC', skip: 0, scope, limit: 100 }),
    enabled: canChange,
  });
  const skuId = useId();
  const itemId = useId();
  const mappingsHeading = useId();
  const waitingHeading = useId();
  const [sku, setSku] = useState('');
  const [catalogItemId, setCatalogItemId] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const errors = fieldErrors(error);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['business', 'store-connection'] });
    void queryClient.invalidateQueries({ queryKey: ['business', 'order'] });
  };
  const map = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice('');
    try {
      queryClient.setQueryData(
        storeKeys.mappings(connection.id),
        await storeConnectionsApi.setMapping(connection.id, { sku, catalogItemId: catalogItemId || null }),
      );
      setSku('');
      setCatalogItemId('');
    } catch (caught) {
      setError(caught);
    }
  };
  const unmap = async (mappedSku: string) => {
    setError(null);
    try {
      queryClient.setQueryData(storeKeys.mappings(connection.id), await storeConnectionsApi.setMapping(connection.id, { sku: mappedSku, catalogItemId: null }));
    } catch (caught) {
      setError(caught);
    }
  };
  const order = async (entryId: string) => {
    setError(null);
    setNotice('');
    try {
      await storeConnectionsApi.orderEntry(connection.id, entryId);
      setNotice(T.orderCreated);
      refresh();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <div className="store-panel">
      <h3 id={mappingsHeading}>{T.mappings}</h3>
      {mappings.data && mappings.data.data.length === 0 && <p>{T.noMappings}</p>}
      {mappings.data && mappings.data.data.length > 0 && (
        <div className="store-table-wrap">
          <table aria-labelledby={mappingsHeading}>
            <thead>
              <tr>
                <th scope="col">{T.sku}</th>
                <th scope="col">{T.catalogItem}</th>
                {canChange && (
                  <th scope="col">
                    <span className="visually-hidden">{T.unmap}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {mappings.data.data.map((m) => (
                <tr key={m.sku}>
                  <td>{m.sku}</td>
                  <td>{m.catalogItemName}</td>
                  {canChange && (
                    <td>
                      <button type="button" className="btn btn-ghost" onClick={() => void unmap(m.sku)} aria-label={`${T.unmap} ${m.sku}`}>
                        {T.unmap}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canChange && (
        <form className="store-map" onSubmit={map} noValidate>
          <TextField id={skuId} label={T.sku} value={sku} onChange={(e) => setSku(e.target.value)} errors={errors.sku} />
          <div className="field">
            <label htmlFor={itemId}>{T.catalogItem}</label>
            <select id={itemId} value={catalogItemId} onChange={(e) => setCatalogItemId(e.target.value)}>
              <option value="">{T.chooseItem}</option>
              {(items.data?.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={!sku.trim() || !catalogItemId}>
            {T.map}
          </button>
        </form>
      )}

      <h3 id={waitingHeading}>{T.needsMapping}</h3>
      {waiting.data && waiting.data.total === 0 && <p>{T.noneWaiting}</p>}
      {waiting.data && waiting.data.data.length > 0 && (
        <div className="store-table-wrap">
          <table aria-labelledby={waitingHeading} data-testid="needs-mapping">
            <thead>
              <tr>
                <th scope="col">{T.storeOrder}</th>
                <th scope="col">{T.sku}</th>
                <th scope="col">{T.product}</th>
                <th scope="col">{T.quantity}</th>
                <th scope="col">{T.price}</th>
                <th scope="col">{T.customer}</th>
                {canChange && (
                  <th scope="col">
                    <span className="visually-hidden">{T.createOrder}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {waiting.data.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.originLink ? <a href={entry.originLink}>{entry.storeOrderNumber}</a> : entry.storeOrderNumber}</td>
                  <td>{entry.sku}</td>
                  <td>{entry.title}</td>
                  <td>{entry.quantity}</td>
                  <td>
                    {entry.unitPrice} {entry.currency}
                  </td>
                  <td>
                    {entry.customer.fullName}
                    {entry.customer.email && <span className="store-email"> {entry.customer.email}</span>}
                  </td>
                  {canChange && (
                    <td>
                      <button type="button" className="btn" onClick={() => void order(entry.id)} aria-label={`${T.createOrder} ${entry.sku}`}>
                        {T.createOrder}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role="status" className="store-notice">
        {notice}
      </p>
      {error !== null && (
        <p className="field-error" role="alert">
          {Object.values(errors)[0] ?? messageOf(error)}
        </p>
      )}
    </div>
  );
}
