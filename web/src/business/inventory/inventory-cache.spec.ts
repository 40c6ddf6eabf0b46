import { QueryClient } from '@tanstack/react-query';
import { RECENT_CHANGE_MS } from '../../api/recent-changes';
import type { Material } from '@kiln/contracts';
import { materialKeys } from '../materials/material-api';
import { applyMaterialRemoval, applyMaterialUpsert, checkedAnswer, inScope, sortMaterials, splitByStock, upsertIn } from './inventory-cache';

// How answers and `business-material` pushes land in the cached inventory lists (no React, no network).
const ME = 'a'.repeat(24);
const TEAM = 'b'.repeat(24);
let seq = 0;
function aMaterial(name: string, overrides: Partial<Material> = {}): Material {
  seq += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
  return {
    id: seq.toString(16).padStart(24, '0'),
    ownerId: ME,
    teamId: null,
    projectId: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
    name,
    internalName: name.toLowerCase(),
    materialClass: 'sheet',
    partNumber: null,
    manufacturer: null,
    tags: [],
    params: {},
    price: { strategy: 'per-area', unit: 'm2', price: 12.5 },
    quantityInStock: { value: 3, unit: 'each' },
    scrapPercentage: 0,
    timeToReplenish: { value: 0, unit: 'd' },
    appearance: [],
    kind: 'count',
    category: 'sheet',
    avatar: null,
    inStock: true,
    ...overrides,
  };
}

describe('inventory cache', () => {
  it('tells my personal list from a team or project list', () => {
    expect(inScope(aMaterial('Mine'), {}, ME)).toBe(true);
    expect(inScope(aMaterial('Someone else'), {}, 'c'.repeat(24))).toBe(false);
    const teamOne = aMaterial('Team', { teamId: TEAM, projectId: 'd'.repeat(24) });
    expect(inScope(teamOne, {}, ME)).toBe(false);
    expect(inScope(teamOne, { teamId: TEAM }, ME)).toBe(true);
    expect(inScope(teamOne, { teamId: TEAM, projectId: 'd'.repeat(24) }, ME)).toBe(true);
    expect(inScope(teamOne, { teamId: TEAM, projectId: 'e'.repeat(24) }, ME)).toBe(false);
  });

  it('adds a new material, replaces an older copy, and ignores an older or equal one', () => {
    const steel = aMaterial('Steel');
    let list = upsertIn([], steel, {}, '', ME);
    expect(list.map((m) => m.name)).toEqual(['Steel']);
    list = upsertIn(list, { ...steel, version: 2, name: 'Steel plate' }, {}, '', ME);
    expect(list.map((m) => [m.name, m.version])).toEqual([['Steel plate', 2]]);
    // A late answer or a redelivered push of version 1 changes nothing.
    expect(upsertIn(list, steel, {}, '', ME)).toBe(list);
    expect(upsertIn(list, { ...steel, version: 2, name: 'Steel plate' }, {}, '', ME)).toBe(list);
  });

  it("drops a material renamed out of the search or moved out of the scope, and leaves others' out", () => {
    const oak = aMaterial('Oak');
    const list = [oak];
    expect(upsertIn(list, { ...oak, version: 2, name: 'Pine' }, {}, 'oak', ME)).toEqual([]);
    expect(upsertIn(list, { ...oak, version: 2, teamId: TEAM }, {}, '', ME)).toEqual([]);
    expect(upsertIn([], aMaterial('Team birch', { teamId: TEAM }), {}, '', ME)).toEqual([]);
  });

  it('merges pushes into every cached list and never brings back a deleted material', () => {
    const client = new QueryClient();
    const personal = materialKeys.list({}, '');
    const team = materialKeys.list({ teamId: TEAM }, '');
    client.setQueryData(personal, []);
    client.setQueryData(team, []);
    const mine = aMaterial('Copper');
    const theirs = aMaterial('Brass', { teamId: TEAM, ownerId: 'c'.repeat(24) });
    applyMaterialUpsert(client, mine, ME);
    applyMaterialUpsert(client, theirs, ME);
    expect(client.getQueryData<Material[]>(personal)!.map((m) => m.name)).toEqual(['Copper']);
    expect(client.getQueryData<Material[]>(team)!.map((m) => m.name)).toEqual(['Brass']);

    applyMaterialRemoval(client, mine.id, 2);
    expect(client.getQueryData<Material[]>(personal)).toEqual([]);
    // The update push that was on its way before the deletion, and a list answer that still had it.
    applyMaterialUpsert(client, { ...mine, version: 2 }, ME);
    expect(client.getQueryData<Material[]>(personal)).toEqual([]);
    expect(checkedAnswer(client, [mine, theirs], { scope: { teamId: TEAM }, search: '', meId: ME }).map((m) => m.name)).toEqual(['Brass']);
  });

  it('keeps what was created or changed lately when a list answer read before it lacks it, until it is no longer recent', () => {
    const client = new QueryClient();
    const now = Date.now();
    const personal = { scope: {}, search: '', meId: ME };
    const zinc = aMaterial('Zinc');
    const tin = aMaterial('Tin');
    applyMaterialUpsert(client, zinc, ME, now);
    applyMaterialUpsert(client, { ...tin, version: 2, name: 'Tin sheet' }, ME, now);
    // The answer lacks the new one and has the older copy of the changed one.
    expect(checkedAnswer(client, [tin], personal, now).map((m) => m.name)).toEqual(['Tin sheet', 'Zinc']);
    // Only where it belongs; a newer copy in the answer wins.
    expect(checkedAnswer(client, [], { ...personal, scope: { teamId: TEAM } }, now)).toEqual([]);
    expect(checkedAnswer(client, [], { ...personal, search: 'tin' }, now).map((m) => m.name)).toEqual(['Tin sheet']);
    expect(checkedAnswer(client, [{ ...tin, version: 3, name: 'Tin plate' }], personal, now).map((m) => m.name)).toEqual(['Tin plate', 'Zinc']);
    expect(checkedAnswer(client, [tin], personal, now + RECENT_CHANGE_MS).map((m) => m.name)).toEqual(['Tin']);
  });

  it('splits In stock (quantity above 0) from Out of stock and sorts each as the shell asks', () => {
    const a = aMaterial('b plate', { quantityInStock: { value: 0, unit: 'each' } });
    const b = aMaterial('A plate');
    const c = aMaterial('c plate', { quantityInStock: { value: 0.5, unit: 'each' } });
    const { inStock, outOfStock } = splitByStock(sortMaterials([a, b, c], 'name', 'ASC'));
    expect(inStock.map((m) => m.name)).toEqual(['A plate', 'c plate']);
    expect(outOfStock.map((m) => m.name)).toEqual(['b plate']);
    expect(sortMaterials([a, b, c], 'createdAt', 'DESC').map((m) => m.name)).toEqual(['c plate', 'A plate', 'b plate']);
  });
});
