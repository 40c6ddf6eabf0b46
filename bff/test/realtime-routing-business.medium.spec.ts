import { CatalogItem, Order, Quote, Service } from '@kiln/contracts';
import { BusinessEvent, parseEvent } from '@kiln/service-kit/realtime';
import { PushWorld } from './support/push-world';
import { anId, TeamStory } from './support/realtime-events';

/**
 * The routing of business records' pushes (ADR 0029), pure like realtime-routing.medium.spec.ts: events
 * are read from their JSON text as the feed reads the commerce stream, and each socket receives what the
 * rooms it is in allow. A personal record reaches its owner only; a team record every member of the team,
 * whatever their role; strangers nothing.
 */
/** The PushWorld, plus team events given as objects (JSON round trip too), so members join the team's role rooms. */
class World extends PushWorld {
  team(event: object): void {
    this.receive(JSON.stringify(event));
  }
}

const at = () => new Date().toISOString();

function anItem(overrides: Partial<CatalogItem> & { ownerId: string }): CatalogItem {
  const modelId = anId();
  return {
    id: anId(),
    teamId: null,
    projectId: null,
    createdAt: at(),
    updatedAt: at(),
    version: 1,
    name: 'Gear box',
    modelId,
    model: { id: modelId, name: 'Gear box', preview: null, author: { id: overrides.ownerId, fullName: 'Ada' }, exists: true },
    price: 0,
    recipe: { materials: [], services: [], marginPercent: 0 },
    ...overrides,
  };
}

function aService(overrides: Partial<Service> & { ownerId: string }): Service {
  return {
    id: anId(),
    teamId: null,
    projectId: null,
    createdAt: at(),
    updatedAt: at(),
    version: 1,
    name: 'Laser cutting',
    displayName: null,
    serviceClass: 'length-based-service',
    code: null,
    serviceProvider: null,
    tags: [],
    generalPrice: { value: 1.5, unit: 'm' },
    prices: [],
    materialCount: 0,
    priceRange: { min: 1.5, max: 1.5 },
    ...overrides,
  };
}

/** A contract-valid business event as the commerce service publishes it, as JSON text. */
function businessEvent(type: BusinessEvent['type'], record: CatalogItem | Service, changes: Record<string, { from: unknown; to: unknown }> = {}): string {
  const event = {
    eventId: anId(),
    type,
    aggregateType: type.split('.')[1],
    aggregateId: record.id,
    occurredAt: at(),
    actorId: record.ownerId,
    correlationId: anId(),
    causationId: null,
    data: { changes, record },
  };
  return JSON.stringify(BusinessEvent.parse(event));
}

describe('business-catalog', () => {
  it('reaches the owner of a personal item with verb and record, and a stranger never', () => {
    const world = new World();
    const owner = world.connect(anId());
    const stranger = world.connect(anId());
    const item = anItem({ ownerId: owner.userId });
    world.receive(businessEvent('commerce.catalog-item.added.v1', item));
    world.receive(businessEvent('commerce.catalog-item.updated.v1', { ...item, name: 'Renamed', version: 2 }, { name: { from: 'Gear box', to: 'Renamed' } }));
    world.receive(businessEvent('commerce.catalog-item.removed.v1', { ...item, name: 'Renamed', version: 3 }));
    expect(owner.seen.map((m) => [m.channel, m.verb, m.data.name, m.data.version])).toEqual([
      ['business-catalog', 'create', 'Gear box', 1],
      ['business-catalog', 'update', 'Renamed', 2],
      ['business-catalog', 'delete', 'Renamed', 3],
    ]);
    expect(stranger.seen).toEqual([]);
  });

  it("reaches every member of a team item's team (owner, editor, viewer) once each, and nobody outside it", () => {
    const world = new World();
    const { team, owner, editor, viewer, stranger, editorId } = world.connectTeam();

    world.receive(businessEvent('commerce.catalog-item.added.v1', anItem({ ownerId: editorId, teamId: team.team.id })));
    for (const member of [owner, editor, viewer]) expect(member.seen.map((m) => [m.channel, m.verb])).toEqual([['business-catalog', 'create']]);
    expect(stranger.seen).toEqual([]);
  });

  it('a removed member hears nothing more of the team records', () => {
    const world = new World();
    const ownerId = anId();
    const team = new TeamStory(ownerId);
    const leaverId = anId();
    world.connect(ownerId);
    const leaver = world.connect(leaverId);
    world.team(team.created());
    world.team(team.invited(leaverId, 'editor'));
    world.team(team.removed(leaverId));
    leaver.seen.length = 0;
    world.receive(businessEvent('commerce.catalog-item.added.v1', anItem({ ownerId, teamId: team.team.id })));
    expect(leaver.seen).toEqual([]);
  });

  it('drops a repeated or older event, and nothing revives a removed item', () => {
    const world = new World();
    const owner = world.connect(anId());
    const item = anItem({ ownerId: owner.userId });
    const added = businessEvent('commerce.catalog-item.added.v1', item);
    world.receive(added);
    world.receive(added);
    world.receive(businessEvent('commerce.catalog-item.removed.v1', { ...item, version: 2 }));
    world.receive(businessEvent('commerce.catalog-item.updated.v1', { ...item, version: 3 }));
    expect(owner.seen.map((m) => m.verb)).toEqual(['create', 'delete']);
  });

  it('an undone removal comes back as a create past its tombstone, once; an older event after it is still dropped (ADR 0049)', () => {
    const world = new World();
    const owner = world.connect(anId());
    const stranger = world.connect(anId());
    const item = anItem({ ownerId: owner.userId });
    world.receive(businessEvent('commerce.catalog-item.added.v1', item));
    world.receive(businessEvent('commerce.catalog-item.removed.v1', { ...item, version: 2 }));
    const restored = businessEvent('commerce.catalog-item.restored.v1', { ...item, version: 3 });
    world.receive(restored);
    world.receive(restored);
    world.receive(businessEvent('commerce.catalog-item.removed.v1', { ...item, version: 2 }));
    expect(owner.seen.map((m) => [m.verb, m.data.version])).toEqual([
      ['create', 1],
      ['delete', 2],
      ['create', 3],
    ]);
    expect(stranger.seen).toEqual([]);
  });
});

describe('business-service, and the rest of the commerce stream', () => {
  it('a personal service goes to its owner on business-service', () => {
    const world = new World();
    const owner = world.connect(anId());
    const stranger = world.connect(anId());
    world.receive(businessEvent('commerce.service.created.v1', aService({ ownerId: owner.userId })));
    expect(owner.seen.map((m) => [m.channel, m.verb, m.data.name])).toEqual([['business-service', 'create', 'Laser cutting']]);
    expect(stranger.seen).toEqual([]);
  });

  it('events of the commerce stream that are not business records (products) push nothing', () => {
    const parsed = parseEvent(JSON.stringify({ type: 'commerce.product.published.v1', data: {} }));
    expect(parsed.kind).toBe('unknown-type');
  });

  it('a business event that does not match its contract is unparsable, not pushed', () => {
    const parsed = parseEvent(JSON.stringify({ type: 'commerce.material.created.v1', eventId: 'x', data: { record: { id: 'nope' } } }));
    expect(parsed.kind).toBe('unparsable');
  });
});

/** A contract-valid order (ADR 0057), as the commerce service's events carry it. */
function anOrder(overrides: Partial<Order> & { ownerId: string }): Order {
  const modelId = anId();
  const bills = {
    billOfMaterials: { total: 0, groups: [], createdDetails: [] },
    billOfServices: { total: 0, groups: [], providedServices: [] },
  };
  return {
    id: anId(),
    teamId: null,
    projectId: null,
    createdAt: at(),
    updatedAt: at(),
    version: 1,
    name: 'Ada Buyer',
    status: 'pending',
    customer: { fullName: 'Ada Buyer', email: 'ada@example.com', phoneNumber: null, avatar: null, registeredUser: false },
    catalogItemId: anId(),
    catalogItem: {
      id: anId(),
      name: 'Shelf',
      modelId,
      model: { id: modelId, name: 'Shelf', preview: null, author: { id: overrides.ownerId, fullName: 'Sam' }, exists: true },
    },
    quantity: 2,
    totalPrice: 20.5,
    marginAmount: 4,
    deliveryDays: 3,
    expirationDays: 7,
    note: null,
    origin: 'product',
    originLink: null,
    ...bills,
    missing: [],
    quoteId: null,
    revision: null,
    acceptedAt: null,
    ...overrides,
  };
}

/** An order or quote event as JSON text (the union's schema for its type). */
function dealEvent(type: BusinessEvent['type'], record: Order | Quote, changes: Record<string, { from: unknown; to: unknown }> = {}): string {
  const event = {
    eventId: anId(),
    type,
    aggregateType: type.split('.')[1],
    aggregateId: record.id,
    occurredAt: at(),
    actorId: null,
    correlationId: anId(),
    causationId: null,
    data: { changes, record },
  };
  return JSON.stringify(BusinessEvent.parse(event));
}

describe('business-order and business-quote (ADR 0057)', () => {
  it("a team's order reaches every member on business-order with each status change, in version order; strangers nothing", () => {
    const world = new World();
    const ownerId = anId();
    const team = new TeamStory(ownerId);
    const viewerId = anId();
    const owner = world.connect(ownerId);
    const viewer = world.connect(viewerId);
    const stranger = world.connect(anId());
    world.team(team.created());
    world.team(team.invited(viewerId, 'viewer'));
    for (const s of [owner, viewer]) s.seen.length = 0;
    const order = anOrder({ ownerId, teamId: team.team.id });
    world.receive(dealEvent('commerce.order.created.v1', order));
    const accepted = dealEvent('commerce.order.accepted.v1', { ...order, status: 'accepted', version: 2 }, { status: { from: 'pending', to: 'accepted' } });
    world.receive(dealEvent('commerce.order.completed.v1', { ...order, status: 'completed', version: 3 }, { status: { from: 'accepted', to: 'completed' } }));
    world.receive(accepted);
    for (const member of [owner, viewer])
      expect(member.seen.map((m) => [m.channel, m.verb, m.data.status])).toEqual([
        ['business-order', 'create', 'pending'],
        ['business-order', 'update', 'completed'],
      ]);
    expect(stranger.seen).toEqual([]);
  });

  it('a personal quote reaches its owner only, on business-quote', () => {
    const world = new World();
    const owner = world.connect(anId());
    const stranger = world.connect(anId());
    const base = anOrder({ ownerId: owner.userId });
    const quote: Quote = {
      ...base,
      status: 'quotationNeeded',
      priceOverridden: false,
      revisions: [],
      orderId: null,
    } as unknown as Quote;
    delete (quote as Partial<Order>).quoteId;
    delete (quote as Partial<Order>).revision;
    delete (quote as Partial<Order>).acceptedAt;
    world.receive(dealEvent('commerce.quote.created.v1', quote));
    world.receive(
      dealEvent(
        'commerce.quote.revoked.v1',
        { ...quote, status: 'revoked', note: 'Other', version: 2 },
        { status: { from: 'quotationNeeded', to: 'revoked' } },
      ),
    );
    expect(owner.seen.map((m) => [m.channel, m.verb, m.data.status])).toEqual([
      ['business-quote', 'create', 'quotationNeeded'],
      ['business-quote', 'update', 'revoked'],
    ]);
    expect(stranger.seen).toEqual([]);
  });
});
