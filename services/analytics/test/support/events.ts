import { randomBytes, randomUUID } from 'node:crypto';

/**
 * Events as Kiln publishes them (docs/events.md, the AsyncAPI document): the envelope and a `data` that matches
 * the published schema of its type. Each builder answers a fresh event id unless given one.
 */
export const newId = () => randomBytes(12).toString('hex');

const T = '2026-11-26T07:00:00.000Z';

function envelope<D>(type: string, aggregateType: string, aggregateId: string, occurredAt: string, data: D, eventId: string = randomUUID()) {
  return { eventId, type, aggregateType, aggregateId, occurredAt, actorId: null, correlationId: randomUUID(), causationId: null, data };
}

export function modelCreated(p: { authorId: string; teamId?: string | null; at: string; eventId?: string }) {
  const id = newId();
  const model = {
    id,
    name: 'A model',
    description: '',
    authorId: p.authorId,
    contributorId: null,
    teamId: p.teamId ?? null,
    projectId: null,
    productId: null,
    publishedAt: null,
    sharedWithEveryone: 'private',
    hidden: false,
    geometry: null,
    createdAt: p.at,
    updatedAt: p.at,
    version: 1,
  };
  return envelope('workspace.model.created.v1', 'model', id, p.at, { model }, p.eventId);
}

export function pluginCreated(p: { authorId: string; at: string }) {
  const id = newId();
  const plugin = {
    id,
    pluginId: `plugin-${id}`,
    name: 'A plugin',
    slug: `plugin-${id}`,
    description: '',
    readme: '',
    type: 'library',
    private: true,
    icons: { 'md-light': null, 'md-dark': null, 'sm-light': null, 'sm-dark': null },
    initials: 'AP',
    latestVersion: null,
    publishedAt: null,
    groupCount: 0,
    nodeCount: 0,
    authorId: p.authorId,
    teamId: null,
    projectId: null,
    createdAt: p.at,
    updatedAt: p.at,
    version: 1,
  };
  return envelope('plugin-registry.plugin.created.v1', 'plugin', id, p.at, { plugin });
}

export function versionPublished(p: { authorId: string; at: string; alpha: boolean }) {
  const id = newId();
  const pluginId = newId();
  const version = {
    id,
    pluginId,
    bgpmPluginId: pluginId,
    packageId: '@kiln/a-plugin',
    version: '1.0.0',
    status: p.alpha ? 'alpha' : 'published',
    publishedAt: p.at,
    mediaId: null,
    running: false,
    provenance: null,
    createdAt: p.at,
    updatedAt: p.at,
    authorId: p.authorId,
    actions: [],
    attempt: 1,
    revision: 9,
  };
  return envelope('plugin-registry.version.published.v1', 'plugin-version', id, p.at, { version, alpha: p.alpha });
}

/** What an order and a quote share (contracts/src/commerce/order.ts), with empty bills. */
function deal(p: { ownerId: string; teamId?: string | null; totalPrice: number; quantity: number }) {
  const id = newId();
  return {
    id,
    ownerId: p.ownerId,
    teamId: p.teamId ?? null,
    projectId: null,
    createdAt: T,
    updatedAt: T,
    version: 2,
    name: 'Ada Lovelace',
    customer: { fullName: 'Ada Lovelace', email: 'ada@example.com', phoneNumber: null, avatar: null, registeredUser: false },
    catalogItemId: newId(),
    catalogItem: {
      id: newId(),
      name: 'Vase',
      modelId: newId(),
      model: { id: newId(), name: 'Vase', preview: null, author: { id: p.ownerId, fullName: 'S' }, exists: true },
    },
    quantity: p.quantity,
    totalPrice: p.totalPrice,
    marginAmount: 0,
    deliveryDays: 5,
    expirationDays: 10,
    note: null,
    origin: 'product',
    originLink: null,
    billOfMaterials: { total: 0, groups: [], createdDetails: [] },
    billOfServices: { total: 0, groups: [], providedServices: [] },
    missing: [],
  };
}

export function quoteSent(p: { ownerId: string; teamId?: string | null; at: string; totalPrice: number; quantity: number }) {
  const record = { ...deal(p), status: 'quotationSent', priceOverridden: false, revisions: [], orderId: null };
  const changes = { status: { from: 'quotationNeeded', to: 'quotationSent' } };
  return envelope('commerce.quote.sent.v1', 'quote', record.id, p.at, { changes, record });
}

export function orderAccepted(p: { ownerId: string; teamId?: string | null; at: string; totalPrice: number; quantity: number }) {
  const record = { ...deal(p), status: 'accepted', quoteId: null, revision: null, acceptedAt: p.at };
  const changes = { status: { from: 'pending', to: 'accepted' }, acceptedAt: { from: null, to: p.at } };
  return envelope('commerce.order.accepted.v1', 'order', record.id, p.at, { changes, record });
}

/** The decline of an order accepted before (its revenue goes back out of the month it was accepted in). */
export function orderDeclined(accepted: ReturnType<typeof orderAccepted>, at: string) {
  const record = { ...accepted.data.record, status: 'declined', note: 'Out of stock', version: accepted.data.record.version + 1, updatedAt: at };
  const changes = { status: { from: 'accepted', to: 'declined' }, note: { from: null, to: 'Out of stock' } };
  return envelope('commerce.order.declined.v1', 'order', record.id, at, { changes, record });
}
