import { QueryClient } from '@tanstack/react-query';
import { RECENT_CHANGE_MS } from '../api/recent-changes';
import { applyRemoval, applyUpsert, checkedBusinessList, type BusinessRecord } from './business-cache';

// How a list answer is checked against what the page changed meanwhile (no React, no network; ADR 0071).
type Item = BusinessRecord & { name: string };
const LISTS = ['business', 'test', 'list'];
const TEAM = 'b'.repeat(24);
let seq = 0;
function anItem(name: string, overrides: Partial<Item> = {}): Item {
  seq += 1;
  return { id: seq.toString(16).padStart(24, '0'), teamId: null, projectId: null, version: 1, name, ...overrides };
}
const answer = (...data: Item[]) => ({ data, total: data.length });
const names = (list: { data: Item[] }) => list.data.map((item) => item.name);

describe('checkedBusinessList', () => {
  const queryClient = new QueryClient();

  it('keeps on the first page an item added lately that an older answer lacks, in its scope and search only', () => {
    const now = Date.now();
    const mine = anItem('Added bolt');
    applyUpsert(queryClient, LISTS, mine, true);
    const other = anItem('Older nut');

    expect(names(checkedBusinessList(queryClient, LISTS, answer(other), 0, {}, now))).toEqual(['Added bolt', 'Older nut']);
    expect(checkedBusinessList(queryClient, LISTS, answer(other), 0, {}, now).total).toBe(2);
    // Not on a later page (its place there is unknown), not in a team's list, not under a search it contradicts.
    expect(names(checkedBusinessList(queryClient, LISTS, answer(other), 20, {}, now))).toEqual(['Older nut']);
    expect(names(checkedBusinessList(queryClient, LISTS, answer(other), 0, { teamId: TEAM }, now))).toEqual(['Older nut']);
    expect(names(checkedBusinessList(queryClient, LISTS, answer(other), 0, { search: 'nut' }, now))).toEqual(['Older nut']);
    expect(names(checkedBusinessList(queryClient, LISTS, answer(other), 0, { search: 'BOLT' }, now))).toEqual(['Added bolt', 'Older nut']);
    // Not in another kind of list (the services beside the catalog).
    expect(names(checkedBusinessList(queryClient, ['business', 'other', 'list'], answer(other), 0, {}, now))).toEqual(['Older nut']);
    // Present in the answer: not twice.
    expect(names(checkedBusinessList(queryClient, LISTS, answer(mine, other), 0, {}, now))).toEqual(['Added bolt', 'Older nut']);
  });

  it('trusts the answer again once the item is no longer recent', () => {
    const now = Date.now();
    applyUpsert(queryClient, LISTS, anItem('Forgotten washer'), true);
    expect(names(checkedBusinessList(queryClient, LISTS, answer(), 0, { search: 'washer' }, now + RECENT_CHANGE_MS))).toEqual([]);
  });

  it('does not add an item only changed lately (its place may be on another page)', () => {
    const changed = anItem('Changed gear', { version: 2 });
    applyUpsert(queryClient, LISTS, changed, false);
    expect(names(checkedBusinessList(queryClient, LISTS, answer(), 0, { search: 'changed gear' }))).toEqual([]);
  });

  it('keeps the newer version held when the answer has an older one', () => {
    const renamed = anItem('Renamed spring', { version: 3 });
    applyUpsert(queryClient, LISTS, renamed, false);
    const older = { ...renamed, name: 'Spring', version: 2 };
    expect(names(checkedBusinessList(queryClient, LISTS, answer(older), 0, {}))).toContain('Renamed spring');
    const newest = { ...renamed, name: 'Newest spring', version: 4 };
    expect(names(checkedBusinessList(queryClient, LISTS, answer(newest), 0, {}))).toContain('Newest spring');
  });

  it('drops an item removed meanwhile, and a later restore (a higher version) is kept', () => {
    const removed = anItem('Removed clamp', { version: 1 });
    applyUpsert(queryClient, LISTS, removed, true);
    applyRemoval(queryClient, LISTS, { id: removed.id, version: 2 });
    const checked = checkedBusinessList(queryClient, LISTS, { data: [removed], total: 1 }, 0, { search: 'clamp' });
    expect(checked).toEqual({ data: [], total: 0 });
    const restored = { ...removed, version: 3 };
    applyUpsert(queryClient, LISTS, restored, true);
    expect(names(checkedBusinessList(queryClient, LISTS, answer(), 0, { search: 'clamp' }))).toEqual(['Removed clamp']);
  });
});
