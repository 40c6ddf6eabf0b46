import { DomainError } from '../shared/domain-error';
import { daysLeftToRestore, MODEL_RESTORE_DAYS, MODEL_RESTORE_MESSAGES, ModelAggregate, ModelState } from './model.aggregate';

// Restoring a deleted model from "Recently deleted" (issue 17, ADR 0048).
let seq = 0;
const anId = () => (++seq).toString(16).padStart(24, 'b');
const at = (iso: string) => new Date(iso);
const DELETED_AT = at('2026-11-01T10:00:00.000Z');
const daysAfter = (days: number, ms = 0) => new Date(DELETED_AT.getTime() + days * 24 * 60 * 60 * 1000 + ms);

function aDeletedModel(overrides: Partial<ModelState> = {}): ModelAggregate {
  const authorId = overrides.authorId ?? anId();
  const state: ModelState = {
    id: anId(),
    name: 'Gear box',
    description: 'A box of gears',
    authorId,
    contributorId: authorId,
    teamId: null,
    projectId: null,
    productId: null,
    publishedAt: null,
    sharedWithEveryone: 'viewer',
    hidden: false,
    createdAt: at('2026-10-01T00:00:00.000Z'),
    updatedAt: DELETED_AT,
    version: 5,
    ...overrides,
  };
  return ModelAggregate.fromTrash(state, DELETED_AT);
}

function caught(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('ModelAggregate.undelete', () => {
  it('lets the owner restore within the window and records restored with the next version, kept as it was', () => {
    const model = aDeletedModel();
    const before = model.snapshot();
    const now = daysAfter(3);
    model.undelete(before.authorId, now);
    const after = { ...before, contributorId: before.authorId, updatedAt: now, version: 6 };
    expect(model.snapshot()).toEqual(after);
    expect(model.isUndeleted).toBe(true);
    expect(model.pullEvents()).toEqual([{ type: 'workspace.model.restored.v1', aggregateType: 'model', aggregateId: before.id, data: { model: after } }]);
  });

  it(`allows it up to exactly ${MODEL_RESTORE_DAYS} days after the deletion`, () => {
    const model = aDeletedModel();
    expect(() => model.undelete(model.snapshot().authorId, daysAfter(MODEL_RESTORE_DAYS))).not.toThrow();
  });

  it(`refuses it after ${MODEL_RESTORE_DAYS} days with a sentence for people (410)`, () => {
    const model = aDeletedModel();
    const error = caught(() => model.undelete(model.snapshot().authorId, daysAfter(MODEL_RESTORE_DAYS, 1)));
    expect(error.kind).toBe('gone');
    expect(error.message).toBe('This model was deleted more than 30 days ago and cannot be restored.');
    expect(error.message).toBe(MODEL_RESTORE_MESSAGES.expired);
    expect(model.pullEvents()).toEqual([]);
  });

  it("is the owner's only: whoever deleted it without owning it gets 403, anyone else 404", () => {
    const deleter = anId();
    const model = aDeletedModel({ contributorId: deleter, teamId: anId() });
    const forbidden = caught(() => model.undelete({ userId: deleter, teamRole: 'owner' }, daysAfter(1)));
    expect(forbidden.kind).toBe('forbidden');
    expect(forbidden.message).toBe(MODEL_RESTORE_MESSAGES.onlyOwner);
    const stranger = caught(() => model.undelete(anId(), daysAfter(1)));
    expect(stranger.kind).toBe('not-found');
    expect(stranger.message).toBe('Model not found.');
  });

  it('restored twice is a conflict, and so is restoring a model that was never deleted', () => {
    const model = aDeletedModel();
    const owner = model.snapshot().authorId;
    model.undelete(owner, daysAfter(1));
    const twice = caught(() => model.undelete(owner, daysAfter(1)));
    expect(twice.kind).toBe('conflict');
    expect(twice.message).toBe(MODEL_RESTORE_MESSAGES.notDeleted);
    const live = ModelAggregate.create({ id: anId(), name: 'Live model', authorId: owner, now: daysAfter(0) });
    expect(caught(() => live.undelete(owner, daysAfter(1))).kind).toBe('conflict');
  });
});

describe('daysLeftToRestore', () => {
  it('counts whole days left, rounded up, and never below 0', () => {
    expect(daysLeftToRestore(DELETED_AT, DELETED_AT)).toBe(30);
    expect(daysLeftToRestore(DELETED_AT, daysAfter(0, 1))).toBe(30);
    expect(daysLeftToRestore(DELETED_AT, daysAfter(29, 1))).toBe(1);
    expect(daysLeftToRestore(DELETED_AT, daysAfter(30))).toBe(0);
    expect(daysLeftToRestore(DELETED_AT, daysAfter(45))).toBe(0);
  });
});
