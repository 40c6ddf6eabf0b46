import fc from 'fast-check';
import { MATERIAL_CLASS_VALUES, PRICE_STRATEGIES, SERVICE_CLASS_VALUES, UNITS, type CatalogModel, type Direction, type Unit } from '@kiln/contracts';
import { DomainError } from '../shared/domain-error';
import { decideCreate, decideDelete, decideUpdate, evolveRecord, replayRecord, type RecordFact, type RecordRules, type RecordState } from './business-record';
import { GOOD_PARAMS, MATERIAL_A, MATERIAL_B, materialBody, serviceBody } from './business-fixtures.test-support';
import { catalogNameErrors, catalogRules, recipeErrors, type CatalogFields } from './catalog-rules';
import { materialDraftOf, materialErrors, materialRules, type MaterialFields } from './material-rules';
import { isValidCents } from './money';
import { serviceDraftOf, serviceErrors, serviceRules, type ServiceFields } from './service-rules';

/**
 * Random command sequences against the rules and the fold (ADR 0029): whatever is asked, no state a
 * stream can reach breaks a rule, and replaying the facts rebuilds exactly the state applied live.
 */
type Command<C, U> =
  | { kind: 'create'; input: C }
  | { kind: 'update'; input: U; ifMatch: 'none' | 'current' | 'stale' }
  | { kind: 'delete'; ifMatch: 'none' | 'current' | 'stale' };

const scope = { id: 'r1', ownerId: 'u1', teamId: null, projectId: null };
const ALL_UNITS = Object.values(UNITS).flat() as Unit[];

function run<F extends object, C, U>(rules: RecordRules<F, C, U>, commands: Command<C, U>[], valid: (fields: F) => boolean): void {
  const facts: RecordFact[] = [];
  let state: RecordState<F> | null = null;
  commands.forEach((command, i) => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i));
    if (state?.deleted) return;
    const ifMatch = (m: 'none' | 'current' | 'stale', s: RecordState<F>) => (m === 'none' ? undefined : m === 'current' ? s.version : s.version - 1);
    let fact: RecordFact | null = null;
    try {
      if (command.kind === 'create') fact = state ? null : decideCreate(rules, command.input, 'u1', at).fact;
      else if (state && command.kind === 'update') fact = decideUpdate(rules, state, command.input, 'u2', at, ifMatch(command.ifMatch, state));
      else if (state && command.kind === 'delete') fact = decideDelete(rules, state, 'u2', at, ifMatch(command.ifMatch, state));
    } catch (e) {
      // Only the domain's own refusals are allowed: a TypeError here would be a 500.
      if (!(e instanceof DomainError)) throw e;
      expect(['invalid', 'precondition-failed']).toContain(e.kind);
      if (e.kind === 'invalid') expect(e.errors?.length).toBeGreaterThan(0);
    }
    if (fact) {
      facts.push(fact);
      state = evolveRecord(state, fact, scope);
    }
  });
  for (let n = 1; n <= facts.length; n++) {
    const past = replayRecord<F>(facts, scope, n)!;
    expect(past.version).toBe(n);
    expect(valid(past.fields)).toBe(true);
  }
  expect(replayRecord(facts, scope)).toEqual(state);
}

const ifMatch = fc.constantFrom('none' as const, 'current' as const, 'stale' as const);
const text = fc.oneof(fc.constantFrom('', '  ', 'Oak', ' Birch ', 'ab'), fc.string({ maxLength: 8 }));
const dollars = fc.oneof(
  fc.constantFrom(-1, 0, 0.01, 1.005, 12.5, Number.NaN),
  fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100),
);
const anyUnit = fc.constantFrom(...ALL_UNITS);
const quantity = fc.record({ value: fc.constantFrom(-1, 0, 0.5, 1, 10), unit: anyUnit });
const directions = fc.subarray(['X+', 'X-', 'Y+', 'Y-', 'Z+', 'Z-', 'all'] as Direction[]);
const entry = fc.record({
  mode: fc.constantFrom('texture' as const, 'color' as const),
  textureId: fc.constantFrom(null, MATERIAL_A),
  color: fc.constantFrom(null, { hex: '#123456', metallicity: 0, roughness: 1, opacity: 0.5 }),
  materialIndexDirection: directions,
});

const materialClass = fc.constantFrom(...MATERIAL_CLASS_VALUES);
const materialCreate = fc
  .tuple(
    materialClass,
    fc.record({ name: text, price: fc.record({ strategy: fc.constantFrom(...PRICE_STRATEGIES), unit: anyUnit, price: dollars }) }, { requiredKeys: [] }),
    fc.boolean(),
  )
  .map(([cls, over, plain]) => (plain ? materialBody(cls) : { ...materialBody(cls), ...over }));
const materialUpdate = fc.record(
  {
    name: text,
    internalName: text,
    materialClass,
    partNumber: fc.constantFrom(null, 'P-1', ' '),
    tags: fc.array(fc.constantFrom('a', ' b', '', 'c'), { maxLength: 4 }),
    params: materialClass.map((c) => GOOD_PARAMS[c]),
    price: fc.record({ strategy: fc.constantFrom(...PRICE_STRATEGIES), unit: anyUnit, price: dollars }),
    quantityInStock: quantity,
    scrapPercentage: fc.constantFrom(-5, 0, 10, 100, 120),
    appearance: fc.array(entry, { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const commands = <C, U>(create: fc.Arbitrary<C>, update: fc.Arbitrary<U>) =>
  fc.array(
    fc.oneof(
      { weight: 1, arbitrary: create.map((input) => ({ kind: 'create' as const, input })) },
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('update' as const), input: update, ifMatch }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), ifMatch }) },
    ),
    { maxLength: 25 },
  );

const materialValid = (f: MaterialFields) =>
  materialErrors(materialDraftOf(f)).length === 0 && isValidCents(f.price.cents) && f.name === f.name.trim() && f.tags.length <= 20;

describe('business records under random commands (property)', () => {
  it('materials: never an invalid state; replay equals live', () => {
    fc.assert(
      fc.property(materialCreate, commands(materialCreate, materialUpdate), (first, rest) =>
        run(materialRules, [{ kind: 'create', input: first }, ...rest], materialValid),
      ),
      { numRuns: 300 },
    );
  });

  it('materials: the class never changes within a stream', () => {
    fc.assert(
      fc.property(materialCreate, commands(materialCreate, materialUpdate), (first, rest) => {
        const classes = new Set<string>();
        run(materialRules, [{ kind: 'create', input: first }, ...rest], (f) => {
          classes.add(f.materialClass);
          return true;
        });
        expect(classes.size).toBeLessThanOrEqual(1);
      }),
      { numRuns: 100 },
    );
  });

  const serviceClass = fc.constantFrom(...SERVICE_CLASS_VALUES);
  const option = fc.record({
    id: fc.constantFrom(undefined, 'opt-1', 'opt-5', 'x'),
    label: text,
    price: fc.record({ value: dollars, unit: anyUnit }),
    material: fc.subarray([MATERIAL_A, MATERIAL_B]),
  });
  const serviceCreate = fc
    .tuple(serviceClass, fc.boolean(), fc.array(option, { maxLength: 3 }))
    .map(([cls, plain, prices]) => (plain ? serviceBody(cls) : { ...serviceBody(cls), prices }));
  const serviceUpdate = fc.record(
    {
      name: text,
      serviceClass,
      tags: fc.array(fc.constantFrom('a', ' ', 'b'), { maxLength: 3 }),
      generalPrice: fc.option(fc.record({ value: dollars, unit: anyUnit })),
      prices: fc.array(option, { maxLength: 3 }),
    },
    { requiredKeys: [] },
  );
  const serviceValid = (f: ServiceFields) =>
    serviceErrors(serviceDraftOf(f)).length === 0 && new Set(f.prices.map((o) => o.id)).size === f.prices.length && f.prices.every((o) => o.id.length > 0);

  it('services: never an invalid state, option ids always present and distinct; replay equals live', () => {
    fc.assert(
      fc.property(serviceCreate, commands(serviceCreate, serviceUpdate), (first, rest) =>
        run(serviceRules, [{ kind: 'create', input: first }, ...rest], serviceValid),
      ),
      { numRuns: 300 },
    );
  });

  const model: CatalogModel = {
    id: '0123456789abcdef01234567',
    name: 'Chair',
    preview: null,
    author: { id: 'cccccccccccccccccccccccc', fullName: 'Ann' },
    exists: true,
  };
  const catalogCreate = fc.record({ name: fc.option(text, { nil: undefined }), price: dollars }).map((b) => ({ body: { modelId: model.id, ...b }, model }));
  const recipe = fc.record({
    materials: fc.array(fc.record({ materialId: fc.constant(MATERIAL_A), quantity: fc.option(quantity) }), { maxLength: 2 }),
    services: fc.array(fc.record({ serviceId: fc.constant(MATERIAL_B), quantity }), { maxLength: 2 }),
    marginPercent: fc.constantFrom(-1, 0, 15),
  });
  const catalogUpdate = fc.record({ changes: fc.record({ name: text, price: dollars, recipe }, { requiredKeys: [] }) });
  const catalogValid = (f: CatalogFields) =>
    catalogNameErrors(f.name).length === 0 && isValidCents(f.priceCents) && recipeErrors(f.recipe).length === 0 && f.modelId === model.id;

  it('catalog items: never an invalid state; replay equals live', () => {
    fc.assert(
      fc.property(catalogCreate, commands(catalogCreate, catalogUpdate), (first, rest) =>
        run(catalogRules, [{ kind: 'create', input: first }, ...rest], catalogValid),
      ),
      { numRuns: 300 },
    );
  });
});
