import { DomainError } from '../shared/domain-error';
import { ModelShareAggregate, ModelShareState, shareEmail } from './model-share.aggregate';

let seq = 0;
const anId = () => (++seq).toString(16).padStart(24, 'b');
const at = (iso = '2024-05-01T10:00:00.000Z') => new Date(iso);

function caught(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

const aNewShare = (overrides: Partial<Parameters<typeof ModelShareAggregate.create>[0]> = {}) => {
  const ownerId = overrides.ownerId ?? anId();
  return ModelShareAggregate.create({
    id: anId(),
    modelId: anId(),
    ownerId,
    email: 'Ann@Example.com ',
    userId: anId(),
    role: 'viewer',
    sharedById: ownerId,
    now: at(),
    ...overrides,
  });
};

function aStoredShare(overrides: Partial<ModelShareState> = {}): ModelShareAggregate {
  const ownerId = anId();
  return ModelShareAggregate.restore({
    id: anId(),
    modelId: anId(),
    ownerId,
    userId: anId(),
    email: 'ann@example.com',
    role: 'viewer',
    sharedById: ownerId,
    createdAt: at(),
    updatedAt: at(),
    version: 3,
    ...overrides,
  });
}

describe('shareEmail', () => {
  it('trims and lower-cases', () => expect(shareEmail('  Ann@Example.COM ')).toBe('ann@example.com'));
  it.each(['', 'ann', 'ann@', 'ann@example', 'a n@example.com'])('refuses %j with 400 Invalid email', (email) => {
    const error = caught(() => shareEmail(email));
    expect(error).toMatchObject({ kind: 'invalid', message: 'Invalid email', errors: [{ path: 'email', message: 'Invalid email' }] });
  });
});

describe('ModelShareAggregate.create', () => {
  it('records created.v1 without the e-mail; the state keeps it normalised', () => {
    const now = at('2024-06-01T00:00:00.000Z');
    const share = aNewShare({ now, role: 'editor' });
    const state = share.snapshot();
    expect(state).toMatchObject({ email: 'ann@example.com', role: 'editor', version: 1, createdAt: now, updatedAt: now });
    const [event] = share.pullEvents();
    expect(event.type).toBe('workspace.model-share.created.v1');
    expect(event.data.share).not.toHaveProperty('email');
    const { email: _email, ...withoutEmail } = state;
    expect(event.data.share).toEqual(withoutEmail);
    expect(share.loadedVersion).toBe(0);
  });

  it('is pending (userId null) for an e-mail without an account', () => {
    expect(aNewShare({ userId: null }).snapshot().userId).toBeNull();
  });

  it('refuses commenter and owner as roles', () => {
    expect(caught(() => aNewShare({ role: 'commenter' })).kind).toBe('invalid');
    expect(caught(() => aNewShare({ role: 'owner' })).kind).toBe('invalid');
  });

  it('refuses sharing with yourself and with the author', () => {
    const me = anId();
    expect(caught(() => aNewShare({ userId: me, sharedById: me })).message).toBe('You cannot share a model with yourself.');
    const author = anId();
    expect(caught(() => aNewShare({ userId: author, ownerId: author, sharedById: anId() })).message).toBe('The owner already has every right on this model.');
  });
});

describe('ModelShareAggregate changes', () => {
  it('changes the role for someone who may share, recording previousRole; nothing when unchanged', () => {
    const share = aStoredShare({ role: 'viewer' });
    share.changeRole('viewer', true, at());
    expect(share.pullEvents()).toEqual([]);
    share.changeRole('editor', true, at());
    expect(share.snapshot()).toMatchObject({ role: 'editor', version: 4 });
    expect(share.pullEvents()).toEqual([
      expect.objectContaining({ type: 'workspace.model-share.role-changed.v1', data: { share: share.eventSnapshot(), previousRole: 'viewer' } }),
    ]);
  });

  it('does not let the recipient change their own role (403)', () => {
    const share = aStoredShare();
    expect(caught(() => share.changeRole('inspector', false, at())).kind).toBe('forbidden');
  });

  it('activates a pending share once', () => {
    const share = aStoredShare({ userId: null });
    const userId = anId();
    share.activate(userId, at());
    share.activate(anId(), at());
    expect(share.snapshot().userId).toBe(userId);
    expect(share.pullEvents().map((e) => e.type)).toEqual(['workspace.model-share.activated.v1']);
  });

  it('is removed by someone who may share, or left by the recipient; anyone else gets 403', () => {
    const byOwner = aStoredShare();
    byOwner.remove(anId(), true, at());
    expect(byOwner.isRemoved).toBe(true);
    expect(byOwner.pullEvents()).toEqual([
      expect.objectContaining({ type: 'workspace.model-share.removed.v1', data: expect.objectContaining({ removedBy: expect.any(String) }) }),
    ]);

    const recipient = anId();
    const left = aStoredShare({ userId: recipient });
    left.remove(recipient, false, at());
    expect(left.pullEvents()[0].data).toMatchObject({ removedBy: recipient });

    expect(caught(() => aStoredShare().remove(anId(), false, at())).kind).toBe('forbidden');
  });

  it('ends with its model, removedBy null', () => {
    const share = aStoredShare();
    share.endWithModel(at());
    expect(share.pullEvents()[0].data).toMatchObject({ removedBy: null });
  });
});
