import { DomainError } from '../shared/domain-error';
import { FavoriteAggregate } from './favorite.aggregate';

const at = new Date('2024-05-01T10:00:00.000Z');
const state = { id: 'f'.repeat(24), userId: 'u'.repeat(24), modelId: 'm'.repeat(24), createdAt: at };

describe('FavoriteAggregate', () => {
  it('records added.v1 with the favorite', () => {
    const favorite = FavoriteAggregate.add({ ...state, now: at });
    expect(favorite.isNew).toBe(true);
    expect(favorite.pullEvents()).toEqual([
      { type: 'workspace.favorite.added.v1', aggregateType: 'favorite', aggregateId: state.id, data: { favorite: state } },
    ]);
  });

  it('is removed by its own person only; anyone else is told it does not exist', () => {
    const favorite = FavoriteAggregate.restore(state);
    expect(favorite.isNew).toBe(false);
    let error: unknown;
    try {
      favorite.remove('x'.repeat(24));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'not-found', message: 'Favorite not found.' });
    favorite.remove(state.userId);
    expect(favorite.isRemoved).toBe(true);
    expect(favorite.pullEvents()).toEqual([
      { type: 'workspace.favorite.removed.v1', aggregateType: 'favorite', aggregateId: state.id, data: { favorite: state } },
    ]);
  });

  it('ends with its model once', () => {
    const favorite = FavoriteAggregate.restore(state);
    favorite.endWithModel();
    favorite.endWithModel();
    expect(favorite.pullEvents().map((e) => e.type)).toEqual(['workspace.favorite.removed.v1']);
  });
});
