import { DomainError } from '../shared/domain-error';
import { ModelAggregate, ModelState } from './model.aggregate';

// Builders: every test states only what it cares about.
let seq = 0;
const anId = () => (++seq).toString(16).padStart(24, 'a');
const aUserId = anId;
const aModelName = (name = 'Gear box') => name;
const at = (iso = '2024-05-01T10:00:00.000Z') => new Date(iso);

function aNewModel(overrides: Partial<{ id: string; name: string; authorId: string; now: Date }> = {}) {
  return ModelAggregate.create({ id: anId(), name: aModelName(), authorId: aUserId(), now: at(), ...overrides });
}

function aStoredModel(overrides: Partial<ModelState> = {}): ModelAggregate {
  const authorId = overrides.authorId ?? aUserId();
  return ModelAggregate.restore({
    id: anId(),
    name: 'Stored model',
    description: '',
    authorId,
    contributorId: authorId,
    teamId: null,
    projectId: null,
    productId: null,
    publishedAt: null,
    sharedWithEveryone: 'private',
    hidden: false,
    createdAt: at('2024-01-01T00:00:00.000Z'),
    updatedAt: at('2024-01-02T00:00:00.000Z'),
    version: 4,
    ...overrides,
  });
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

describe('ModelAggregate.create', () => {
  it('records workspace.model.created.v1 with the trimmed name and a fresh private state', () => {
    const id = anId();
    const authorId = aUserId();
    const now = at('2024-06-01T12:00:00.000Z');
    const model = ModelAggregate.create({ id, name: '  Gear box  ', authorId, now });

    const expected: ModelState = {
      id,
      name: 'Gear box',
      description: '',
      authorId,
      contributorId: authorId,
      teamId: null,
      projectId: null,
      productId: null,
      publishedAt: null,
      sharedWithEveryone: 'private',
      hidden: false,
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    expect(model.snapshot()).toEqual(expected);
    expect(model.pullEvents()).toEqual([{ type: 'workspace.model.created.v1', aggregateType: 'model', aggregateId: id, data: { model: expected } }]);
  });

  it('is new: loadedVersion is 0', () => {
    expect(aNewModel().loadedVersion).toBe(0);
  });

  it('refuses a short name with the spec message and a field error', () => {
    const error = caught(() => aNewModel({ name: ' ab ' }));
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('The name must be longer than 3 characters.');
    expect(error.errors).toEqual([{ path: 'name', message: 'The name must be longer than 3 characters.' }]);
  });

  it('refuses forbidden symbols with the spec message', () => {
    const error = caught(() => aNewModel({ name: 'gear.stl' }));
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('Only the following symbols are allowed: -, _, /, (, ).');
  });

  it('lists every problem of the name in errors, the first as the message', () => {
    const error = caught(() => aNewModel({ name: '!' }));
    expect(error.message).toBe('The name must be longer than 3 characters.');
    expect(error.errors?.map((e) => e.message)).toEqual([
      'The name must be longer than 3 characters.',
      'Only the following symbols are allowed: -, _, /, (, ).',
    ]);
  });

  it('needs a team for a project model', () => {
    const error = caught(() => ModelAggregate.create({ id: anId(), name: aModelName(), authorId: aUserId(), projectId: anId(), now: at() }));
    expect(error.kind).toBe('invalid');
  });

  it('pullEvents empties the recorded events', () => {
    const model = aNewModel();
    expect(model.pullEvents()).toHaveLength(1);
    expect(model.pullEvents()).toEqual([]);
  });
});

describe('ModelAggregate.restore', () => {
  it('remembers the stored version as loadedVersion and records nothing', () => {
    const model = aStoredModel({ version: 7 });
    expect(model.loadedVersion).toBe(7);
    expect(model.pullEvents()).toEqual([]);
  });

  it('does not share state with the object it was restored from', () => {
    const state = aStoredModel().snapshot();
    const model = ModelAggregate.restore(state);
    state.name = 'changed outside';
    expect(model.snapshot().name).not.toBe('changed outside');
  });
});

describe('ModelAggregate.rename', () => {
  it('records renamed with previousName and bumps version, updatedAt and contributorId', () => {
    const ownerId = aUserId();
    const model = aStoredModel({ authorId: ownerId, contributorId: null, name: 'Old name', version: 4 });
    const now = at('2024-07-01T08:30:00.000Z');

    model.rename('  New name ', ownerId, now);

    const state = model.snapshot();
    expect(state).toMatchObject({ name: 'New name', version: 5, updatedAt: now, contributorId: ownerId });
    expect(model.loadedVersion).toBe(4);
    expect(model.pullEvents()).toEqual([
      { type: 'workspace.model.renamed.v1', aggregateType: 'model', aggregateId: state.id, data: { model: state, previousName: 'Old name' } },
    ]);
  });

  it('records nothing and changes nothing when the (trimmed) name is the same', () => {
    const model = aStoredModel({ name: 'Same name' });
    const before = model.snapshot();
    model.rename('  Same name  ', before.authorId, at('2030-01-01T00:00:00.000Z'));
    expect(model.pullEvents()).toEqual([]);
    expect(model.snapshot()).toEqual(before);
  });

  it('answers not-found to someone without a role, and changes nothing', () => {
    const model = aStoredModel({ name: 'Private model' });
    const error = caught(() => model.rename('Stolen name', aUserId(), at()));
    expect(error.kind).toBe('not-found');
    expect(error.message).toBe('Model not found.');
    expect(model.snapshot().name).toBe('Private model');
    expect(model.pullEvents()).toEqual([]);
  });

  it('validates the new name', () => {
    const model = aStoredModel();
    const error = caught(() => model.rename('no!', model.snapshot().authorId, at()));
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('Only the following symbols are allowed: -, _, /, (, ).');
    expect(model.pullEvents()).toEqual([]);
  });

  it('bumps the version once per change', () => {
    const model = aStoredModel({ version: 1 });
    const owner = model.snapshot().authorId;
    model.rename('Second', owner, at());
    model.rename('Third', owner, at());
    expect(model.snapshot().version).toBe(3);
    expect(model.pullEvents().map((e) => e.type)).toEqual(['workspace.model.renamed.v1', 'workspace.model.renamed.v1']);
  });
});

describe('ModelAggregate.describe', () => {
  it('records description-changed, and nothing when unchanged', () => {
    const model = aStoredModel({ description: 'old' });
    const owner = model.snapshot().authorId;
    model.describe('old', owner, at());
    expect(model.pullEvents()).toEqual([]);
    model.describe('new', owner, at());
    expect(model.pullEvents().map((e) => e.type)).toEqual(['workspace.model.description-changed.v1']);
    expect(model.snapshot().description).toBe('new');
  });

  it('answers not-found to a stranger', () => {
    const model = aStoredModel();
    expect(caught(() => model.describe('x', aUserId(), at())).kind).toBe('not-found');
  });
});

describe('ModelAggregate.delete', () => {
  it('lets the owner delete and records deleted with the last state', () => {
    const model = aStoredModel({ version: 2 });
    const owner = model.snapshot().authorId;
    const now = at('2024-08-01T00:00:00.000Z');

    model.delete(owner, now);

    expect(model.isDeleted).toBe(true);
    const state = model.snapshot();
    expect(state).toMatchObject({ version: 3, updatedAt: now, contributorId: owner });
    expect(model.pullEvents()).toEqual([{ type: 'workspace.model.deleted.v1', aggregateType: 'model', aggregateId: state.id, data: { model: state } }]);
  });

  it('answers not-found to anyone but the owner, and keeps the model', () => {
    const model = aStoredModel();
    const error = caught(() => model.delete(aUserId(), at()));
    expect(error.kind).toBe('not-found');
    expect(model.isDeleted).toBe(false);
    expect(model.pullEvents()).toEqual([]);
  });
});

describe('ModelAggregate roles', () => {
  it('the author is the owner; anyone else has no role', () => {
    const model = aStoredModel();
    expect(model.roleOf(model.snapshot().authorId)).toBe('owner');
    expect(model.roleOf(aUserId())).toBeNull();
    expect(model.assertVisibleTo(model.snapshot().authorId)).toBe('owner');
  });

  it('snapshot is a copy', () => {
    const model = aStoredModel({ name: 'Kept' });
    model.snapshot().name = 'mutated';
    expect(model.snapshot().name).toBe('Kept');
  });
});

describe('ModelAggregate roles from the policy table (ADR 0020)', () => {
  const teamModel = (overrides: Partial<ModelState> = {}) => aStoredModel({ teamId: anId(), ...overrides });

  it.each([
    ['team owner', { teamRole: 'owner' as const }, 'owner', 'team'],
    ['team editor', { teamRole: 'editor' as const }, 'editor', 'team'],
    ['team viewer', { teamRole: 'viewer' as const }, 'viewer', 'team'],
    ['editor share', { shareRole: 'editor' as const }, 'editor', 'share'],
    ['configurator share', { shareRole: 'configurator' as const }, 'configurator', 'share'],
    ['inspector share', { shareRole: 'inspector' as const }, 'inspector', 'share'],
    ['team viewer with an editor share', { teamRole: 'viewer' as const, shareRole: 'editor' as const }, 'editor', 'share'],
  ])('%s → %s (via %s)', (_, grants, role, via) => {
    const model = teamModel();
    expect(model.access({ userId: aUserId(), ...grants })).toEqual({ role, via });
  });

  it('a team role counts only on a team model', () => {
    expect(aStoredModel().roleOf({ userId: aUserId(), teamRole: 'owner' })).toBeNull();
  });

  it('the Everyone link gives its role to a stranger; private gives none', () => {
    expect(aStoredModel({ sharedWithEveryone: 'configurator' }).access(aUserId())).toEqual({ role: 'configurator', via: 'everyone' });
    expect(aStoredModel({ sharedWithEveryone: 'private' }).access(aUserId())).toBeNull();
  });

  it.each([
    ['viewer', false],
    ['inspector', false],
    ['configurator', true],
    ['editor', true],
  ] as const)('a %s share: may rename %s, may never delete', (shareRole, mayRename) => {
    const model = aStoredModel();
    const actor = { userId: aUserId(), shareRole };
    if (mayRename) model.rename('Shared rename', actor, at());
    else expect(caught(() => model.rename('Shared rename', actor, at())).kind).toBe('forbidden');
    expect(model.snapshot().name === 'Shared rename').toBe(mayRename);
    expect(caught(() => model.delete(actor, at())).kind).toBe('forbidden');
  });

  it('a team owner may delete a team model', () => {
    const model = teamModel();
    model.delete({ userId: aUserId(), teamRole: 'owner' }, at());
    expect(model.isDeleted).toBe(true);
  });
});

describe('ModelAggregate.shareWithEveryone', () => {
  it('lets the owner set the link access and records shared-with-everyone-changed', () => {
    const model = aStoredModel({ version: 2 });
    const owner = model.snapshot().authorId;
    model.shareWithEveryone('viewer', owner, at());
    model.shareWithEveryone('viewer', owner, at());
    const state = model.snapshot();
    expect(state).toMatchObject({ sharedWithEveryone: 'viewer', version: 3 });
    expect(model.pullEvents()).toEqual([
      { type: 'workspace.model.shared-with-everyone-changed.v1', aggregateType: 'model', aggregateId: state.id, data: { model: state } },
    ]);
  });

  it('refuses an editor (403) and a stranger (404)', () => {
    const model = aStoredModel();
    expect(caught(() => model.shareWithEveryone('viewer', { userId: aUserId(), shareRole: 'editor' }, at())).kind).toBe('forbidden');
    expect(caught(() => model.shareWithEveryone('viewer', aUserId(), at())).kind).toBe('not-found');
  });
});

describe('ModelAggregate.duplicate', () => {
  it('copies name (prefixed) and description into the caller’s personal scope, recording duplicatedFrom', () => {
    const source = aStoredModel({ name: 'Gear', description: 'teeth', teamId: anId(), sharedWithEveryone: 'viewer' });
    const caller = aUserId();
    const id = anId();
    const now = at('2024-09-01T00:00:00.000Z');

    const copy = source.duplicate({ id, actor: { userId: caller, shareRole: 'editor' }, now });

    const state = copy.snapshot();
    expect(state).toMatchObject({
      id,
      name: '(Duplicate) Gear',
      description: 'teeth',
      authorId: caller,
      teamId: null,
      projectId: null,
      sharedWithEveryone: 'private',
      version: 1,
    });
    expect(copy.loadedVersion).toBe(0);
    expect(copy.pullEvents()).toEqual([
      { type: 'workspace.model.created.v1', aggregateType: 'model', aggregateId: id, data: { model: state, duplicatedFrom: source.snapshot().id } },
    ]);
    expect(source.pullEvents()).toEqual([]);
  });

  it('takes a given name through the name rules', () => {
    const source = aStoredModel();
    expect(source.duplicate({ id: anId(), name: ' My copy ', actor: source.snapshot().authorId, now: at() }).snapshot().name).toBe('My copy');
    expect(caught(() => source.duplicate({ id: anId(), name: 'ab', actor: source.snapshot().authorId, now: at() })).kind).toBe('invalid');
  });

  it('refuses viewers and inspectors (403) and strangers (404)', () => {
    const source = aStoredModel();
    expect(caught(() => source.duplicate({ id: anId(), actor: { userId: aUserId(), shareRole: 'viewer' }, now: at() })).kind).toBe('forbidden');
    expect(caught(() => source.duplicate({ id: anId(), actor: { userId: aUserId(), shareRole: 'inspector' }, now: at() })).kind).toBe('forbidden');
    expect(caught(() => source.duplicate({ id: anId(), actor: aUserId(), now: at() })).kind).toBe('not-found');
  });
});
