import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { COMMON_MESSAGES } from '@kiln/contracts/constants';

/**
 * A product: a model published to the marketplace (spec 000 §3, §4). Event-sourced: its state is the fold
 * of its events (`evolve`), the events table is the truth. The status rules are ours (the spec lists the
 * values only); see docs/adr/0022-products-publishing-and-moderation.md.
 */
export const PRODUCT_STATUSES = ['non moderated', 'rejected', 'draft', 'published', 'unpublished'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_TITLE_MAX = 100;
export const PRODUCT_REASON_MAX = 500;
export const PRODUCT_IMAGE_MAX = 2000;

/** The sentences people read (the web app shows them as they come). */
export const PRODUCT_MESSAGES = {
  titleRequired: COMMON_MESSAGES.required,
  titleTooLong: `The title must be at most ${PRODUCT_TITLE_MAX} characters.`,
  imageUrl: 'The image must be a web address starting with http:// or https://.',
  reasonRequired: 'Please say why the product is rejected.',
  reasonTooLong: `The reason must be at most ${PRODUCT_REASON_MAX} characters.`,
  notFound: 'Product not found.',
  modelNotFound: COMMON_MESSAGES.modelNotFound,
  alreadyHasProduct: 'This model already has a product. Republish it instead.',
  ownerOnlyPublish: 'Only the owner may publish this model.',
  ownerOnly: 'Only the owner may change this product.',
  moderatorsOnly: 'Only moderators may do this.',
  notWaiting: 'This product is not waiting for moderation.',
  ownProduct: 'You may not moderate your own product.',
  notPublished: 'This product is not published.',
  changedMeanwhile: COMMON_MESSAGES.changedMeanwhile,
} as const;

export interface ProductState {
  id: string;
  modelId: string;
  ownerId: string;
  status: ProductStatus;
  title: string;
  image: string | null;
  productionReady: boolean;
  /** Set by an approval, cleared by unpublishing (the menu then says 'Restore', spec 000 §4). */
  publishedAt: Date | null;
  /** When it last entered the moderation queue (the queue is oldest first). */
  submittedAt: Date | null;
  rejectionReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The number of events in its stream: the expected version of the next append. */
  version: number;
}

export interface ProductContent {
  title: string;
  image: string | null;
  productionReady: boolean;
}

/** The facts, as stored in the events table (the integration events add the product's snapshot). */
export type ProductFact =
  | DomainEvent<'commerce.product.created.v1', ProductContent & { modelId: string; ownerId: string; draft: boolean }>
  | DomainEvent<'commerce.product.submitted.v1', ProductContent>
  | DomainEvent<'commerce.product.drafted.v1', ProductContent>
  | DomainEvent<'commerce.product.approved.v1', { moderatorId: string }>
  | DomainEvent<'commerce.product.rejected.v1', { moderatorId: string; reason: string }>
  | DomainEvent<'commerce.product.unpublished.v1', Record<string, never>>;
export type ProductFactType = ProductFact['type'];

/** A fact with the time it happened: what the events table holds. */
export type RecordedProductFact = ProductFact & { occurredAt: Date };

/** The state after one more fact. Pure; the first fact must be `created`. */
export function evolve(state: ProductState | null, fact: RecordedProductFact): ProductState {
  const at = fact.occurredAt;
  if (fact.type === 'commerce.product.created.v1') {
    const d = fact.data;
    return {
      id: fact.aggregateId,
      modelId: d.modelId,
      ownerId: d.ownerId,
      status: d.draft ? 'draft' : 'non moderated',
      title: d.title,
      image: d.image,
      productionReady: d.productionReady,
      publishedAt: null,
      submittedAt: d.draft ? null : at,
      rejectionReason: null,
      createdAt: at,
      updatedAt: at,
      version: 1,
    };
  }
  if (!state) throw new Error(`product ${fact.aggregateId}: ${fact.type} before created`);
  const next = { ...state, updatedAt: at, version: state.version + 1 };
  switch (fact.type) {
    case 'commerce.product.submitted.v1':
      return { ...next, ...fact.data, status: 'non moderated', submittedAt: at, rejectionReason: null };
    case 'commerce.product.drafted.v1':
      return { ...next, ...fact.data, status: 'draft', submittedAt: null };
    case 'commerce.product.approved.v1':
      return { ...next, status: 'published', publishedAt: at, rejectionReason: null };
    case 'commerce.product.rejected.v1':
      return { ...next, status: 'rejected', rejectionReason: fact.data.reason };
    case 'commerce.product.unpublished.v1':
      return { ...next, status: 'unpublished', publishedAt: null, submittedAt: null };
  }
}

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid', message, [{ path, message }]);
}

/** Title trimmed and required; image an http(s) address or nothing. */
export function productContent(input: { title: string; image?: string | null; productionReady?: boolean }): ProductContent {
  const title = input.title.trim();
  if (!title) throw invalid('title', PRODUCT_MESSAGES.titleRequired);
  if (title.length > PRODUCT_TITLE_MAX) throw invalid('title', PRODUCT_MESSAGES.titleTooLong);
  const image = input.image?.trim() || null;
  if (image && !isWebAddress(image)) throw invalid('image', PRODUCT_MESSAGES.imageUrl);
  return { title, image, productionReady: input.productionReady ?? false };
}

export function isWebAddress(value: string): boolean {
  if (value.length > PRODUCT_IMAGE_MAX || !/^https?:\/\//i.test(value)) return false;
  try {
    return !!new URL(value).host;
  } catch {
    return false;
  }
}

/** Who acts: a user, flagged as moderator or not (the service decides that from its configuration). */
export interface ProductActor {
  userId: string;
  moderator: boolean;
}

/** What the author asks on the publish / republish page. */
export type AuthorAction = 'publish' | 'draft' | 'unpublish';

/**
 * The Product aggregate: rebuilt from its facts, it checks a command against its state and records new
 * facts (applied at once, so the snapshot is the state after them). Ids and clocks come in as parameters.
 */
export class ProductAggregate {
  private pending: { fact: RecordedProductFact; after: ProductState }[] = [];

  private constructor(
    private state: ProductState | null,
    /** The version the stream had when loaded: the expected version of the append. */
    readonly loadedVersion: number,
  ) {}

  static fromHistory(facts: RecordedProductFact[]): ProductAggregate {
    const state = facts.reduce<ProductState | null>(evolve, null);
    return new ProductAggregate(state, state?.version ?? 0);
  }

  /** A new product for a model the actor owns (the service checked 'model.publish' with the workspace). */
  static create(input: {
    id: string;
    modelId: string;
    ownerId: string;
    content: { title: string; image?: string | null; productionReady?: boolean };
    draft: boolean;
    now: Date;
  }): ProductAggregate {
    const product = new ProductAggregate(null, 0);
    const content = productContent(input.content);
    product.record(
      {
        type: 'commerce.product.created.v1',
        aggregateType: 'product',
        aggregateId: input.id,
        data: { ...content, modelId: input.modelId, ownerId: input.ownerId, draft: input.draft },
      },
      input.now,
    );
    return product;
  }

  /** Strangers must not learn of a product that is not on the marketplace. */
  assertVisibleTo(actor: ProductActor): ProductState {
    const state = this.snapshot();
    if (!canSee(state, actor)) throw new DomainError('not-found', PRODUCT_MESSAGES.notFound);
    return state;
  }

  /**
   * The author's page: publish (again) sends it to moderation, draft keeps it aside, unpublish takes it off
   * the marketplace and clears publishedAt. A published product that is republished leaves the
   * marketplace until a moderator approves the new content (ADR 0022).
   */
  change(actor: ProductActor, action: AuthorAction, content: Partial<ProductContent>, now: Date): void {
    const state = this.assertVisibleTo(actor);
    if (actor.userId !== state.ownerId) throw new DomainError('forbidden', PRODUCT_MESSAGES.ownerOnly);
    const merged = productContent({
      title: content.title ?? state.title,
      image: content.image !== undefined ? content.image : state.image,
      productionReady: content.productionReady ?? state.productionReady,
    });
    const base = { aggregateType: 'product', aggregateId: state.id };
    if (action === 'publish') this.record({ ...base, type: 'commerce.product.submitted.v1', data: merged }, now);
    else if (action === 'draft') this.record({ ...base, type: 'commerce.product.drafted.v1', data: merged }, now);
    else {
      if (!state.publishedAt) throw new DomainError('conflict', PRODUCT_MESSAGES.notPublished);
      this.record({ ...base, type: 'commerce.product.unpublished.v1', data: {} }, now);
    }
  }

  /** A moderator's decision on a product waiting for it; a rejection says why. Not on one's own product. */
  moderate(actor: ProductActor, decision: 'approve' | 'reject', reason: string | undefined, now: Date): void {
    if (!actor.moderator) throw new DomainError('forbidden', PRODUCT_MESSAGES.moderatorsOnly);
    const state = this.assertVisibleTo(actor);
    if (state.ownerId === actor.userId) throw new DomainError('forbidden', PRODUCT_MESSAGES.ownProduct);
    if (state.status !== 'non moderated') throw new DomainError('conflict', PRODUCT_MESSAGES.notWaiting);
    const base = { aggregateType: 'product', aggregateId: state.id };
    if (decision === 'approve') {
      this.record({ ...base, type: 'commerce.product.approved.v1', data: { moderatorId: actor.userId } }, now);
      return;
    }
    const why = (reason ?? '').trim();
    if (!why) throw invalid('reason', PRODUCT_MESSAGES.reasonRequired);
    if (why.length > PRODUCT_REASON_MAX) throw invalid('reason', PRODUCT_MESSAGES.reasonTooLong);
    this.record({ ...base, type: 'commerce.product.rejected.v1', data: { moderatorId: actor.userId, reason: why } }, now);
  }

  snapshot(): ProductState {
    if (!this.state) throw new DomainError('not-found', PRODUCT_MESSAGES.notFound);
    return { ...this.state };
  }

  get exists(): boolean {
    return this.state !== null;
  }

  /** The facts recorded since loading, each with the state after it (the repository appends them). */
  pullFacts(): { fact: RecordedProductFact; after: ProductState }[] {
    const pending = this.pending;
    this.pending = [];
    return pending;
  }

  private record(fact: ProductFact, now: Date): void {
    const recorded = { ...fact, occurredAt: now } as RecordedProductFact;
    this.state = evolve(this.state, recorded);
    this.pending.push({ fact: recorded, after: { ...this.state } });
  }
}

/** Published products are for everyone signed in; the owner and moderators see theirs in any status. */
export function canSee(state: Pick<ProductState, 'status' | 'ownerId'>, actor: ProductActor): boolean {
  return state.status === 'published' || state.ownerId === actor.userId || actor.moderator;
}

/** The marketplace lists products that are published and production-ready (spec 000 §7). */
export function isListed(state: Pick<ProductState, 'status' | 'productionReady'>): boolean {
  return state.status === 'published' && state.productionReady;
}
