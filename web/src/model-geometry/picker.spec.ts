import { scopeOf } from './geometry-api';
import { nextPage } from './picker';

describe('the geometry pickers', () => {
  it('ask for the next page after what is loaded, only while a full page came and the total is not reached', () => {
    const next = nextPage(2);
    const page = (n: number, total?: number) => ({ data: Array.from({ length: n }, (_, i) => i), ...(total === undefined ? {} : { total }) });
    expect(next(page(2, 5), [page(2, 5)])).toBe(2);
    expect(next(page(2, 5), [page(2, 5), page(2, 5)])).toBe(4);
    expect(next(page(1, 5), [page(2, 5), page(2, 5), page(1, 5)])).toBeUndefined();
    expect(next(page(2, 4), [page(2, 4), page(2, 4)])).toBeUndefined();
    // Without a total (the 3D objects' list is paged by its length only): a full page means there may be more.
    expect(next(page(2), [page(2)])).toBe(2);
  });

  it('look in the scope of the model or 3D object: its team and project, or the personal one', () => {
    expect(scopeOf({ teamId: null, projectId: null })).toEqual({});
    expect(scopeOf({ teamId: 't1', projectId: null })).toEqual({ teamId: 't1' });
    expect(scopeOf({ teamId: 't1', projectId: 'p1' })).toEqual({ teamId: 't1', projectId: 'p1' });
    expect(scopeOf({ teamId: null, projectId: 'p1' })).toEqual({});
  });
});
