import { DomainError } from '../shared/domain-error';
import { evolve, isListed, PRODUCT_MESSAGES, ProductActor, ProductAggregate, ProductState, RecordedProductFact } from './product.aggregate';

const owner: ProductActor = { userId: 'a'.repeat(24), moderator: false };
const stranger: ProductActor = { userId: 'b'.repeat(24), moderator: false };
const moderator: ProductActor = { userId: 'c'.repeat(24), moderator: true };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));
const content = { title: '  Gear box  ', image: null, productionReady: true };

function created(draft = false) {
  return ProductAggregate.create({ id: 'd'.repeat(24), modelId: 'e'.repeat(24), ownerId: owner.userId, content, draft, now: at(0) });
}

/** Loads the product again from the facts it recorded, as the repository does. */
function reloaded(product: ProductAggregate, history: RecordedProductFact[] = []): { product: ProductAggregate; history: RecordedProductFact[] } {
  const all = [...history, ...product.pullFacts().map((f) => f.fact)];
  return { product: ProductAggregate.fromHistory(all), history: all };
}

function expectError(fn: () => void, kind: DomainError['kind'], message: string) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe(kind);
    expect((error as DomainError).message).toBe(message);
    return;
  }
  throw new Error('expected a DomainError');
}

describe('Product status machine (ADR 0022)', () => {
  it('publishing creates a product waiting for moderation, title trimmed; saving as draft creates a draft', () => {
    const p = created().snapshot();
    expect(p).toMatchObject({ status: 'non moderated', title: 'Gear box', publishedAt: null, submittedAt: at(0), version: 1 });
    expect(created(true).snapshot()).toMatchObject({ status: 'draft', submittedAt: null });
  });

  it('approval publishes (publishedAt set); the marketplace lists it only when production-ready', () => {
    const p = created();
    p.moderate(moderator, 'approve', undefined, at(5));
    expect(p.snapshot()).toMatchObject({ status: 'published', publishedAt: at(5), version: 2 });
    expect(isListed(p.snapshot())).toBe(true);
    expect(isListed({ ...p.snapshot(), productionReady: false })).toBe(false);
  });

  it('rejection needs a reason and keeps it; republishing sends it back to moderation', () => {
    const p = created();
    expectError(() => p.moderate(moderator, 'reject', '   ', at(1)), 'invalid', PRODUCT_MESSAGES.reasonRequired);
    p.moderate(moderator, 'reject', ' Blurry image ', at(1));
    expect(p.snapshot()).toMatchObject({ status: 'rejected', rejectionReason: 'Blurry image', publishedAt: null });
    p.change(owner, 'publish', { title: 'Better box' }, at(2));
    expect(p.snapshot()).toMatchObject({ status: 'non moderated', title: 'Better box', rejectionReason: null, submittedAt: at(2) });
  });

  it('unpublishing clears publishedAt (menu: Restore); a published product republished keeps publishedAt but leaves the marketplace', () => {
    const p = created();
    p.moderate(moderator, 'approve', undefined, at(1));
    p.change(owner, 'publish', { productionReady: false }, at(2));
    expect(p.snapshot()).toMatchObject({ status: 'non moderated', publishedAt: at(1), productionReady: false });
    expect(isListed(p.snapshot())).toBe(false);
    p.change(owner, 'unpublish', {}, at(3));
    expect(p.snapshot()).toMatchObject({ status: 'unpublished', publishedAt: null });
    expectError(() => p.change(owner, 'unpublish', {}, at(4)), 'conflict', PRODUCT_MESSAGES.notPublished);
  });

  it('a draft may be saved from any status and is not in the queue', () => {
    const p = created();
    p.change(owner, 'draft', { image: 'https://example.com/a.png' }, at(1));
    expect(p.snapshot()).toMatchObject({ status: 'draft', image: 'https://example.com/a.png', submittedAt: null });
    expectError(() => p.moderate(moderator, 'approve', undefined, at(2)), 'conflict', PRODUCT_MESSAGES.notWaiting);
  });

  it('only moderators moderate, never their own product; only the owner changes it; strangers do not see an unpublished one', () => {
    const p = created();
    expectError(() => p.moderate(stranger, 'approve', undefined, at(1)), 'forbidden', PRODUCT_MESSAGES.moderatorsOnly);
    expectError(() => p.moderate({ ...owner, moderator: true }, 'approve', undefined, at(1)), 'forbidden', PRODUCT_MESSAGES.ownProduct);
    expectError(() => p.change(stranger, 'publish', {}, at(1)), 'not-found', PRODUCT_MESSAGES.notFound);
    expectError(() => p.change(moderator, 'publish', {}, at(1)), 'forbidden', PRODUCT_MESSAGES.ownerOnly);
    p.moderate(moderator, 'approve', undefined, at(2));
    expect(p.assertVisibleTo(stranger).status).toBe('published');
    expectError(() => p.change(stranger, 'unpublish', {}, at(3)), 'forbidden', PRODUCT_MESSAGES.ownerOnly);
  });

  it('checks title and image', () => {
    expectError(
      () => ProductAggregate.create({ id: 'd'.repeat(24), modelId: 'e'.repeat(24), ownerId: owner.userId, content: { title: '  ' }, draft: false, now: at(0) }),
      'invalid',
      PRODUCT_MESSAGES.titleRequired,
    );
    expectError(() => created().change(owner, 'publish', { title: 'x'.repeat(101) }, at(1)), 'invalid', PRODUCT_MESSAGES.titleTooLong);
    for (const image of ['javascript:alert(1)', 'ftp://x.y/z.png', 'https://', 'not a url']) {
      expectError(() => created().change(owner, 'publish', { image }, at(1)), 'invalid', PRODUCT_MESSAGES.imageUrl);
    }
  });

  it('the state rebuilt from the recorded facts equals the live state, whatever the history', () => {
    let { product, history } = reloaded(created());
    const steps: ((p: ProductAggregate, m: number) => void)[] = [
      (p, m) => p.moderate(moderator, 'reject', 'No', at(m)),
      (p, m) => p.change(owner, 'draft', { title: 'Draft' }, at(m)),
      (p, m) => p.change(owner, 'publish', {}, at(m)),
      (p, m) => p.moderate(moderator, 'approve', undefined, at(m)),
      (p, m) => p.change(owner, 'unpublish', {}, at(m)),
      (p, m) => p.change(owner, 'publish', { productionReady: false }, at(m)),
    ];
    steps.forEach((step, i) => {
      step(product, i + 1);
      const live: ProductState = product.snapshot();
      ({ product, history } = reloaded(product, history));
      expect(product.snapshot()).toEqual(live);
      expect(product.loadedVersion).toBe(i + 2);
    });
    expect(history.reduce<ProductState | null>(evolve, null)?.status).toBe('non moderated');
  });
});
