import type { Model } from '@kiln/contracts';
import { RECENT_CHANGE_MS } from '../api/recent-changes';
import { QueryClient } from '@tanstack/react-query';
import {
  applyFavoriteFlag,
  applyModelRemoval,
  applyModelUpsert,
  checkedFavoritesAnswer,
  checkedListAnswer,
  favoriteRemoved,
  modelKeys,
  ModelVersions,
  removeFromPages,
  upsertInPages,
  type ModelPages,
} from './model-cache';

// How pushes and answers land in the cached, paged model list (no React, no network).
let seq = 0;
function aModel(name: string, overrides: Partial<Model> = {}): Model {
  seq += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
  return {
    id: seq.toString(16).padStart(24, '0'),
    name,
    description: '',
    authorId: 'a'.repeat(24),
    author: { id: 'a'.repeat(24), fullName: 'Ann Author', email: 'ann@example.com', avatar: null, dataShort: { initials: 'AA', color: '#000' } },
    contributorId: null,
    teamId: null,
    projectId: null,
    productId: null,
    publishedAt: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
    userRole: 'owner',
    sharedWithEveryone: 'private',
    hidden: false,
    ...overrides,
  };
}

const pagesOf = (pages: Model[][], total: number): ModelPages => ({ pages: pages.map((data) => ({ data, total })), pageParams: pages.map((_, i) => i * 20) });
const names = (pages: ModelPages) => pages.pages.flatMap((p) => p.data.map((m) => m.name));
const total = (pages: ModelPages) => pages.pages[0].total;
const key = (search = '', sort = 'name ASC') => modelKeys.list(search, sort);

describe('model list cache', () => {
  it('inserts a created model where the sort puts it and counts it', () => {
    const list = pagesOf([[aModel('Alpha'), aModel('Gamma')]], 2);
    const next = upsertInPages(list, key(), aModel('Beta'), true);
    expect(names(next)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(total(next)).toBe(3);
  });

  it('applies the same model twice without duplicating it (push and answer both arrive)', () => {
    const beta = aModel('Beta');
    const once = upsertInPages(pagesOf([[aModel('Alpha')]], 1), key(), beta, true);
    const twice = upsertInPages(once, key(), beta, true);
    expect(names(twice)).toEqual(['Alpha', 'Beta']);
    expect(total(twice)).toBe(2);
  });

  it('moves a renamed model and keeps the author it had when the push has none', () => {
    const zed = aModel('Alpha');
    const list = pagesOf([[zed, aModel('Beta')]], 2);
    const { author: _author, ...withoutAuthor } = { ...zed, name: 'Zulu', version: 2 };
    const next = upsertInPages(list, key(), withoutAuthor, false);
    expect(names(next)).toEqual(['Beta', 'Zulu']);
    expect(next.pages[0].data[1].author?.fullName).toBe('Ann Author');
  });

  it('drops a model that no longer matches the search, ignoring case', () => {
    const gear = aModel('Gear box');
    const list = pagesOf([[gear]], 1);
    expect(names(upsertInPages(list, key('GEAR'), { ...gear, name: 'Gear wheel', version: 2 }, false))).toEqual(['Gear wheel']);
    const renamed = upsertInPages(list, key('gear'), { ...gear, name: 'Bolt', version: 2 }, false);
    expect(names(renamed)).toEqual([]);
    expect(total(renamed)).toBe(0);
  });

  it('leaves a created model that belongs to pages not loaded yet to those pages, but counts it', () => {
    const loaded = Array.from({ length: 20 }, (_, i) => aModel(`Part ${String(i).padStart(2, '0')}`));
    const list = pagesOf([loaded], 25);
    const next = upsertInPages(list, key(), aModel('Zulu'), true);
    expect(names(next)).toHaveLength(20);
    expect(total(next)).toBe(26);
  });

  it('keeps page sizes when a model is inserted, so the next page starts where the server expects', () => {
    const first = Array.from({ length: 20 }, (_, i) => aModel(`B${String(i).padStart(2, '0')}`));
    const second = [aModel('C01')];
    const next = upsertInPages(pagesOf([first, second], 21), key(), aModel('A00'), true);
    expect(next.pages.map((p) => p.data.length)).toEqual([20, 2]);
    expect(names(next)[0]).toBe('A00');
  });

  it('removes a deleted model and counts it out; an unknown id changes nothing', () => {
    const alpha = aModel('Alpha');
    const list = pagesOf([[alpha, aModel('Beta')]], 2);
    const next = removeFromPages(list, alpha.id);
    expect(names(next)).toEqual(['Beta']);
    expect(total(next)).toBe(1);
    expect(removeFromPages(next, 'f'.repeat(24))).toBe(next);
  });

  it('sorts by date newest first for "updatedAt DESC"', () => {
    const older = aModel('Older');
    const newer = aModel('Newer');
    const next = upsertInPages(
      pagesOf([[newer, older]], 2),
      key('', 'updatedAt DESC'),
      { ...older, updatedAt: new Date(Date.UTC(2027, 0, 1)).toISOString(), version: 2 },
      false,
    );
    expect(names(next)).toEqual(['Older', 'Newer']);
  });
});

// Pushes and answers arrive out of order (a redelivered event, a late HTTP answer): the version decides.
describe('model cache versions', () => {
  const listKey = key();
  const cacheWith = (models: Model[]) => {
    const client = new QueryClient();
    client.setQueryData<ModelPages>(listKey, pagesOf([models], models.length));
    return client;
  };
  const listed = (client: QueryClient) => client.getQueryData<ModelPages>(listKey)!;

  it('ignores an update older than the copy it holds', () => {
    const gear = aModel('Gear', { version: 3 });
    const client = cacheWith([gear]);
    applyModelUpsert(client, { ...gear, name: 'Old name', version: 2 }, false);
    expect(names(listed(client))).toEqual(['Gear']);
  });

  it('ignores an update with the version it already holds', () => {
    const gear = aModel('Gear', { version: 3 });
    const client = cacheWith([gear]);
    applyModelUpsert(client, { ...gear, name: 'Same version', version: 3 }, false);
    expect(names(listed(client))).toEqual(['Gear']);
  });

  it('applies a newer update', () => {
    const gear = aModel('Gear', { version: 3 });
    const client = cacheWith([gear]);
    applyModelUpsert(client, { ...gear, name: 'Gear wheel', version: 4 }, false);
    expect(names(listed(client))).toEqual(['Gear wheel']);
    expect(listed(client).pages[0].data[0].version).toBe(4);
  });

  it('ignores an update older than one it saw for a model no list holds', () => {
    const gear = aModel('Gear', { version: 1 });
    const client = cacheWith([]);
    applyModelUpsert(client, { ...gear, name: 'Gear v3', version: 3 }, false);
    applyModelUpsert(client, { ...gear, name: 'Gear v2', version: 2 }, true);
    expect(names(listed(client))).toEqual([]);
  });

  it('ignores a late create after the model was deleted, whatever lists hold', () => {
    const gear = aModel('Gear', { version: 1 });
    const client = cacheWith([gear]);
    applyModelRemoval(client, gear.id, 2);
    applyModelUpsert(client, gear, true);
    applyModelUpsert(client, { ...gear, name: 'Renamed late', version: 2 }, false);
    expect(names(listed(client))).toEqual([]);
    expect(total(listed(client))).toBe(0);
  });

  it('ignores a late create of a model whose delete came first and that no list held', () => {
    const gear = aModel('Gear', { version: 1 });
    const client = cacheWith([]);
    applyModelRemoval(client, gear.id, 2);
    applyModelUpsert(client, gear, true);
    expect(names(listed(client))).toEqual([]);
    expect(total(listed(client))).toBe(0);
  });

  it('shows what a refetch after a delete answers, without the deleted model, and still drops its late pushes', () => {
    const gear = aModel('Gear', { version: 1 });
    const bolt = aModel('Bolt', { version: 5 });
    const client = cacheWith([gear]);
    applyModelRemoval(client, gear.id, 2);
    // A refetch started before the delete may still list it; the server has no way to bring it back.
    const answer = checkedListAnswer(client, { data: [bolt, gear], total: 2 });
    expect(answer).toEqual({ data: [bolt], total: 1 });
    client.setQueryData<ModelPages>(listKey, pagesOf([answer.data], answer.total));
    applyModelUpsert(client, { ...gear, version: 1 }, true);
    applyModelUpsert(client, { ...bolt, name: 'Bolt old', version: 4 }, false);
    applyModelUpsert(client, { ...bolt, name: 'Bolt new', version: 6 }, false);
    expect(names(listed(client))).toEqual(['Bolt new']);
  });

  it('keeps the newer state it holds when a late list answer has an older copy', () => {
    const gear = aModel('Gear', { version: 1 });
    const client = cacheWith([gear]);
    applyModelUpsert(client, { ...gear, name: 'Gear wheel', version: 2 }, false);
    expect(checkedListAnswer(client, { data: [gear], total: 1 }).data.map((m) => [m.name, m.version])).toEqual([['Gear wheel', 2]]);
  });

  it('puts back on the first page, at its sorted place, a model created lately that a late list answer lacks', () => {
    const client = cacheWith([]);
    const bolt = aModel('Bolt');
    const gear = aModel('Gear');
    applyModelUpsert(client, gear, true);
    const answer = (skip: number, listKey = key()) => checkedListAnswer(client, { data: [bolt], total: 1 }, skip, listKey);
    expect(answer(0)).toEqual({ data: [bolt, gear], total: 2 });
    expect(answer(0, key('', 'name DESC')).data.map((m) => m.name)).toEqual(['Gear', 'Bolt']);
    // Not on a later page, not under a search it contradicts, not in a team's list.
    expect(answer(20).data).toEqual([bolt]);
    expect(answer(0, key('bolt')).data).toEqual([bolt]);
    expect(answer(0, modelKeys.list('', 'name ASC', { teamId: 'c'.repeat(24) })).data).toEqual([bolt]);
    // Renamed meanwhile: put back with its new name; deleted: never.
    applyModelUpsert(client, { id: gear.id, name: 'Gear wheel', version: 2 }, false);
    expect(answer(0).data.map((m) => m.name)).toEqual(['Bolt', 'Gear wheel']);
    applyModelRemoval(client, gear.id, 3);
    expect(answer(0)).toEqual({ data: [bolt], total: 1 });
  });

  it('trusts a list answer again once the model created is no longer recent', () => {
    const versions = new ModelVersions();
    const gear = aModel('Gear');
    versions.createdLately(gear, 0);
    expect(versions.checkList({ data: [], total: 0 }, 0, key(), RECENT_CHANGE_MS - 1).data).toEqual([gear]);
    expect(versions.checkList({ data: [], total: 0 }, 0, key(), RECENT_CHANGE_MS).data).toEqual([]);
  });

  it('forgets the oldest deleted ids beyond its bound', () => {
    const versions = new ModelVersions(2);
    versions.deleted('a', 1);
    versions.deleted('b', 1);
    versions.deleted('c', 1);
    expect(versions.accepts({ id: 'a', version: 1 })).toBe(true);
    expect(versions.accepts({ id: 'c', version: 1 })).toBe(false);
  });
});

describe('model lists of a scope (personal, team, project)', () => {
  const team = 'b'.repeat(24);
  const project = 'c'.repeat(24);

  it('keeps a team model out of My Models and a personal one out of the team list', () => {
    const personal = upsertInPages(pagesOf([[aModel('Alpha')]], 1), key(), aModel('Team gear', { teamId: team }), true);
    expect(names(personal)).toEqual(['Alpha']);
    const teamList = upsertInPages(pagesOf([[]], 0), modelKeys.list('', 'name ASC', { teamId: team }), aModel('Mine'), true);
    expect(names(teamList)).toEqual([]);
  });

  it('does not insert a model shared with me into My Models', () => {
    const next = upsertInPages(pagesOf([[]], 0), key(), aModel('Shared', { userRole: 'viewer' }), true);
    expect(names(next)).toEqual([]);
  });

  it('inserts a team model into its team list and only its project into a project list', () => {
    const teamKey = modelKeys.list('', 'name ASC', { teamId: team });
    const projectKey = modelKeys.list('', 'name ASC', { teamId: team, projectId: project });
    const inProject = aModel('In project', { teamId: team, projectId: project, userRole: 'editor' });
    const teamOnly = aModel('Team only', { teamId: team, userRole: 'editor' });
    expect(names(upsertInPages(upsertInPages(pagesOf([[]], 0), teamKey, inProject, true), teamKey, teamOnly, true))).toEqual(['In project', 'Team only']);
    expect(names(upsertInPages(upsertInPages(pagesOf([[]], 0), projectKey, inProject, true), projectKey, teamOnly, true))).toEqual(['In project']);
  });
});

describe('favorite flags in the cache', () => {
  it('keeps the star when a push without `favorite` updates the model, and a late answer does not bring an old star back', () => {
    const client = new QueryClient();
    const gear = aModel('Gear', { favorite: true });
    client.setQueryData(key(), pagesOf([[gear]], 1));
    applyModelUpsert(client, { ...gear, favorite: undefined, name: 'Gear 2', version: 2 }, false);
    expect(client.getQueryData<ModelPages>(key())!.pages[0].data[0]).toMatchObject({ name: 'Gear 2', favorite: true });
    applyFavoriteFlag(client, gear.id, false);
    const answer = checkedListAnswer(client, { data: [{ ...gear, name: 'Gear 2', version: 2, favorite: false }], total: 1 });
    expect(answer.data[0].favorite).toBe(false);
  });

  it('drops an un-starred model from Favorites and counts it out', () => {
    const client = new QueryClient();
    const gear = aModel('Gear', { favorite: true });
    client.setQueryData(modelKeys.favoriteList('', 'name ASC'), {
      pages: [{ data: [{ id: 'f1', modelId: gear.id, createdAt: gear.createdAt, model: gear }], total: 1 }],
      pageParams: [0],
    });
    applyFavoriteFlag(client, gear.id, false);
    expect(client.getQueryData<{ pages: { data: unknown[]; total: number }[] }>(modelKeys.favoriteList('', 'name ASC'))!.pages[0]).toEqual({
      data: [],
      total: 0,
    });
  });

  it('corrects a Favorites answer read before the removal reached the list, by the removed favorite id only', () => {
    const client = new QueryClient();
    const gear = aModel('Gear', { favorite: true });
    const bolt = aModel('Bolt', { favorite: true });
    const entry = (id: string, model: Model) => ({ id, modelId: model.id, createdAt: model.createdAt, model });
    favoriteRemoved(client, 'f1');
    // The stale answer still lists the removed favorite: it is dropped and counted out.
    expect(checkedFavoritesAnswer(client, { data: [entry('f1', gear), entry('f2', bolt)], total: 2 })).toEqual({ data: [entry('f2', bolt)], total: 1 });
    // Starred again later, the model is a new favorite and is listed.
    const again = { data: [entry('f3', gear)], total: 1 };
    expect(checkedFavoritesAnswer(client, again)).toBe(again);
  });
});
