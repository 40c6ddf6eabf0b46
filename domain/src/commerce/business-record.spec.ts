import { DomainError } from '../shared/domain-error';
import {
  decideCreate,
  decideDelete,
  decideRestore,
  decideUpdate,
  diff,
  evolveRecord,
  factKind,
  replayRecord,
  RECORD_MESSAGES,
  RECORD_UNDO_GRACE_SECONDS,
  RECORD_UNDO_SECONDS,
  type RecordFact,
  type RecordRules,
  type RecordState,
} from './business-record';

interface NoteFields {
  title: string;
  size: number;
  tags: string[];
}
const noteRules: RecordRules<NoteFields, { title: string }, Partial<NoteFields>> = {
  type: 'note',
  notFound: 'No such note.',
  create: (input) => {
    if (!input.title) throw new DomainError('invalid', 'This field is required');
    return { title: input.title, size: 1, tags: [] };
  },
  update: (current, input) => ({ ...current, ...input }),
};
const scope = { id: 'n1', ownerId: 'u1', teamId: null, projectId: null };
const t = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));

function stream(): { facts: RecordFact[]; state: RecordState<NoteFields> } {
  const { fact } = decideCreate(noteRules, { title: 'a' }, 'u1', t(0));
  const facts = [fact];
  let state = evolveRecord<NoteFields>(null, fact, scope);
  for (const [i, change] of [{ title: 'b' }, { size: 2 }, { tags: ['x'] }].entries()) {
    const f = decideUpdate(noteRules, state, change, 'u2', t(i + 1))!;
    facts.push(f);
    state = evolveRecord(state, f, scope);
  }
  return { facts, state };
}

describe('business records as event streams (ADR 0029)', () => {
  it('diff lists changed fields only, with before and after; a creation lists all from null', () => {
    expect(diff(null, { a: 1, b: null })).toEqual({ a: { from: null, to: 1 }, b: { from: null, to: null } });
    expect(diff({ a: 1, b: [1], c: 'x' }, { a: 1, b: [1, 2], c: 'y' })).toEqual({ b: { from: [1], to: [1, 2] }, c: { from: 'x', to: 'y' } });
  });

  it('creation is version 1 with every field; each change adds one version', () => {
    const { facts, state } = stream();
    expect(facts.map((f) => f.type)).toEqual(['note.created', 'note.updated', 'note.updated', 'note.updated']);
    expect(facts[0].changes).toEqual({ title: { from: null, to: 'a' }, size: { from: null, to: 1 }, tags: { from: null, to: [] } });
    expect(facts[2].changes).toEqual({ size: { from: 1, to: 2 } });
    expect(state).toEqual({ ...scope, createdAt: t(0), updatedAt: t(3), version: 4, deleted: false, fields: { title: 'b', size: 2, tags: ['x'] } });
  });

  it('a change that changes nothing is no fact', () => {
    const { state } = stream();
    expect(decideUpdate(noteRules, state, { title: 'b' }, 'u1', t(9))).toBeNull();
  });

  it('refuses a stale If-Match with 412 and accepts the current one', () => {
    const { state } = stream();
    const stale = (() => {
      try {
        decideUpdate(noteRules, state, { title: 'c' }, 'u1', t(9), 3);
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect([stale?.kind, stale?.message]).toEqual(['precondition-failed', RECORD_MESSAGES.changedMeanwhile]);
    expect(() => decideDelete(noteRules, state, 'u1', t(9), 1)).toThrow(RECORD_MESSAGES.changedMeanwhile);
    expect(decideUpdate(noteRules, state, { title: 'c' }, 'u1', t(9), 4)?.changes).toEqual({ title: { from: 'b', to: 'c' } });
    expect(decideDelete(noteRules, state, 'u1', t(9), 4).type).toBe('note.deleted');
  });

  it('replays the whole stream to the live state, and up to N to version N', () => {
    const { facts, state } = stream();
    expect(replayRecord(facts, scope)).toEqual(state);
    expect(replayRecord<NoteFields>(facts, scope, 2)).toMatchObject({ version: 2, updatedAt: t(1), fields: { title: 'b', size: 1, tags: [] } });
    expect(replayRecord(facts, scope, 0)).toBeNull();
    expect(replayRecord([], scope)).toBeNull();
  });

  it('a deletion keeps the fields and marks the record deleted', () => {
    const { facts, state } = stream();
    const deleted = evolveRecord(state, decideDelete(noteRules, state, 'u1', t(9)), scope);
    expect([deleted.deleted, deleted.version, deleted.fields]).toEqual([true, 5, state.fields]);
    expect(replayRecord(facts, scope)?.deleted).toBe(false);
  });

  it('refuses a stream not starting with a creation, and unknown fact kinds', () => {
    expect(() => evolveRecord(null, { type: 'note.updated', changes: {}, at: t(0), by: 'u1' }, scope)).toThrow('does not start with a creation');
    expect(() => factKind({ type: 'note.renamed' })).toThrow('not a record fact');
    expect(factKind({ type: 'catalog-item.deleted' })).toBe('deleted');
  });

  it('passes the rules refusal through on create', () => {
    expect(() => decideCreate(noteRules, { title: '' }, 'u1', t(0))).toThrow('This field is required');
  });

  describe('undo of a removal (issue 17)', () => {
    const seconds = (n: number) => new Date(t(4).getTime() + n * 1000);
    function removed() {
      const { facts, state } = stream();
      const deletion = decideDelete(noteRules, state, 'u2', t(4));
      return { facts: [...facts, deletion], state: evolveRecord(state, deletion, scope) };
    }

    it('brings the same record back with its whole timeline: a restored fact after the deleted one', () => {
      const { facts, state } = removed();
      const fact = decideRestore(noteRules, state, 'u2', seconds(RECORD_UNDO_SECONDS));
      expect(fact).toEqual({ type: 'note.restored', changes: {}, at: seconds(RECORD_UNDO_SECONDS), by: 'u2' });
      expect(factKind(fact)).toBe('restored');
      const back = evolveRecord(state, fact, scope);
      expect(back).toEqual({ ...stream().state, updatedAt: seconds(RECORD_UNDO_SECONDS), version: 6, deleted: false });
      // The fold of the stream says the same, and a past version still shows the removal.
      expect(replayRecord([...facts, fact], scope)).toEqual(back);
      expect(replayRecord([...facts, fact], scope, 5)!.deleted).toBe(true);
    });

    it('takes an Undo clicked at the last moment over a slow network, and refuses it later (410 with a sentence)', () => {
      const { state } = removed();
      expect(() => decideRestore(noteRules, state, 'u2', seconds(RECORD_UNDO_SECONDS + RECORD_UNDO_GRACE_SECONDS))).not.toThrow();
      const late = () => decideRestore(noteRules, state, 'u2', seconds(RECORD_UNDO_SECONDS + RECORD_UNDO_GRACE_SECONDS + 1));
      expect(late).toThrow(new DomainError('gone', RECORD_MESSAGES.undoTooLate));
      expect(RECORD_MESSAGES.undoTooLate).toBe('Too late to undo: it was removed more than 10 seconds ago.');
    });

    it('a record that is not removed has nothing to undo (409), and a restored record can be removed again', () => {
      const { state } = stream();
      expect(() => decideRestore(noteRules, state, 'u2', t(5))).toThrow(new DomainError('conflict', RECORD_MESSAGES.notRemoved));
      const { state: gone } = removed();
      const back = evolveRecord(gone, decideRestore(noteRules, gone, 'u2', seconds(1)), scope);
      const again = evolveRecord(back, decideDelete(noteRules, back, 'u2', seconds(2)), scope);
      expect(again.deleted).toBe(true);
    });
  });
});
