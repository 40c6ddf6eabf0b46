import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@kiln/contracts';
import { isWebAddress, PRODUCT_MESSAGES, PRODUCT_TITLE_MAX } from '@kiln/domain';
import { ApiError, messageOf } from '../api/client';
import { TextField } from '../ui/TextField';
import { productApi, productKeys } from './product-api';
import { ProductStatusLabel } from './ProductStatusIcon';
import './market.css';

type Action = 'publish' | 'draft' | 'unpublish';
interface Fields {
  title: string;
  image: string;
  productionReady: boolean;
}
type Errors = Partial<Record<'title' | 'image' | 'form', string>>;

/** What a person sees after each button (the server's rules: ADR 0022). */
const DONE: Record<Action, string> = {
  publish: 'Sent to moderation. A moderator will review it before it appears on the marketplace.',
  draft: 'Saved as a draft. It is not on the marketplace and no moderator sees it.',
  unpublish: 'Unpublished. It is no longer on the marketplace.',
};

function check(fields: Fields): Errors {
  const errors: Errors = {};
  const title = fields.title.trim();
  if (!title) errors.title = PRODUCT_MESSAGES.titleRequired;
  else if (title.length > PRODUCT_TITLE_MAX) errors.title = PRODUCT_MESSAGES.titleTooLong;
  const image = fields.image.trim();
  if (image && !isWebAddress(image)) errors.image = PRODUCT_MESSAGES.imageUrl;
  return errors;
}

/** A refusal from the server: on its field when it names one, else for the whole form. */
function errorsOf(error: unknown): Errors {
  if (error instanceof ApiError && error.status === 400) {
    const first = error.body.errors?.[0];
    if (first && (first.path === 'title' || first.path === 'image')) return { [first.path]: first.message };
  }
  return { form: messageOf(error) };
}

/** `/market/publish/:modelId`: a model's first product (spec 000 §2). */
export function PublishPage() {
  const { modelId = '' } = useParams();
  const model = useQuery({ queryKey: ['models', 'one-for-publish', modelId], queryFn: () => productApi.model(modelId), retry: false });
  if (model.isPending)
    return (
      <p className="page-loading" role="status" aria-busy="true">
        Loading…
      </p>
    );
  if (model.isError) return <Unavailable error={model.error} />;
  if (model.data.productId) {
    return (
      <MarketShell title="Publish">
        <p>
          This model already has a product. <Link to={`/market/republish/${encodeURIComponent(model.data.productId)}`}>Republish it</Link>.
        </p>
      </MarketShell>
    );
  }
  return <ProductForm key={modelId} modelName={model.data.name} modelId={modelId} initial={{ title: model.data.name, image: '', productionReady: false }} />;
}

/** Both publishing routes, as one component: moving from one to the other never suspends. */
export function PublishingPage({ page }: { page: 'publish' | 'republish' }) {
  return page === 'publish' ? <PublishPage /> : <RepublishPage />;
}

/** `/market/republish/:productId`: the author changes, republishes (restores) or unpublishes their product. */
export function RepublishPage() {
  const { productId = '' } = useParams();
  // Just created on the publish page: say what happened here too.
  const justDone = (useLocation().state as { done?: Action } | null)?.done;
  const product = useQuery({ queryKey: productKeys.one(productId), queryFn: () => productApi.product(productId), retry: false });
  if (product.isPending)
    return (
      <p className="page-loading" role="status" aria-busy="true">
        Loading…
      </p>
    );
  if (product.isError) return <Unavailable error={product.error} />;
  const p = product.data;
  return <ProductForm key={p.id} product={p} justDone={justDone} initial={{ title: p.title, image: p.image ?? '', productionReady: p.productionReady }} />;
}

function Unavailable({ error }: { error: unknown }) {
  return (
    <MarketShell title="Publish">
      <p className="form-error" role="alert">
        {messageOf(error)}
      </p>
      <p>
        <Link to="/">Back to My Models</Link>
      </p>
    </MarketShell>
  );
}

function MarketShell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="market-page" aria-labelledby="market-title">
      <div className="page-header">
        <h1 id="market-title">{title}</h1>
      </div>
      {children}
    </section>
  );
}

function ProductForm({
  modelId,
  modelName,
  product,
  initial,
  justDone,
}: {
  modelId?: string;
  modelName?: string;
  product?: Product;
  initial: Fields;
  justDone?: Action;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<Action | null>(null);
  const [done, setDone] = useState<{ action: Action; product: Product } | null>(justDone && product ? { action: justDone, product } : null);
  // One key per page visit: a repeated click or a retried request creates one product.
  const [key] = useState(() => crypto.randomUUID());
  const current = done?.product ?? product;

  async function run(action: Action) {
    const found = action === 'unpublish' ? {} : check(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(action);
    const content = { title: fields.title.trim(), image: fields.image.trim() || null, productionReady: fields.productionReady };
    try {
      const saved = current
        ? await productApi.update(current.id, action === 'unpublish' ? { action } : { action, ...content })
        : await productApi.publish({ modelId: modelId!, ...content, action: action === 'draft' ? 'draft' : 'publish' }, key);
      queryClient.setQueryData(productKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: ['models'] });
      setDone({ action, product: saved });
      // A new product's page is its republish page from now on.
      if (!current) navigate(`/market/republish/${encodeURIComponent(saved.id)}`, { replace: true, state: { done: action } });
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('publish');
  };
  const set = <K extends keyof Fields>(name: K, value: Fields[K]) => setFields((f) => ({ ...f, [name]: value }));
  const publishLabel = !current ? 'Publish' : current.publishedAt ? 'Republish' : 'Restore';

  return (
    <MarketShell title={current ? 'Republish' : 'Publish'}>
      <div className="market-card">
        {modelName && (
          <p className="market-note">
            Model: <strong>{modelName}</strong>
          </p>
        )}
        {current && (
          <p className="market-note" data-testid="product-current-status">
            Status: <ProductStatusLabel status={current.status} />
          </p>
        )}
        {current?.status === 'rejected' && current.rejectionReason && (
          <p className="form-error" data-testid="rejection-reason">
            A moderator rejected it: {current.rejectionReason}
          </p>
        )}
        <form className="form" noValidate onSubmit={submit} aria-label="Product">
          <TextField
            label="Title"
            name="title"
            required
            maxLength={PRODUCT_TITLE_MAX + 50}
            value={fields.title}
            errors={errors.title}
            onChange={(e) => set('title', e.target.value)}
          />
          <TextField
            label="Image address (optional)"
            name="image"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={fields.image}
            errors={errors.image}
            onChange={(e) => set('image', e.target.value)}
          />
          <label className="market-check">
            <input type="checkbox" name="productionReady" checked={fields.productionReady} onChange={(e) => set('productionReady', e.target.checked)} />
            Production-ready (listed on the marketplace once approved)
          </label>
          {errors.form && (
            <p className="form-error" role="alert" data-testid="form-error">
              {errors.form}
            </p>
          )}
          {/* One message, shown and announced: the live region stays, its words change. */}
          <div role="status">
            {done && !busy && (
              <p className="form-ok" data-testid="product-saved">
                {DONE[done.action]}
              </p>
            )}
          </div>
          <div className="market-actions">
            <button type="submit" className="btn btn-primary" disabled={!!busy} data-testid="product-publish">
              {busy === 'publish' ? 'Sending…' : publishLabel}
            </button>
            <button type="button" className="btn btn-ghost" disabled={!!busy} data-testid="product-draft" onClick={() => void run('draft')}>
              {busy === 'draft' ? 'Saving…' : 'Save as draft'}
            </button>
            {current?.publishedAt && (
              <button type="button" className="btn btn-danger" disabled={!!busy} data-testid="product-unpublish" onClick={() => void run('unpublish')}>
                {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
              </button>
            )}
          </div>
        </form>
      </div>
      <p>
        <Link to="/published">Go to Published</Link>
      </p>
    </MarketShell>
  );
}
