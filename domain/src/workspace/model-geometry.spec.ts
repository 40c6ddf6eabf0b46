import { ASSET_ITEM_MESSAGES, MODEL_GEOMETRY_MESSAGES } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { geometrySourceFits, GeometrySource, MODEL_CHANGE_REFUSED, ModelAggregate, ModelState } from './model.aggregate';

// A model's geometry (ADR 0054): from a 3D object of its scope, set as changing the model.
let seq = 0;
const anId = () => (++seq).toString(16).padStart(24, 'b');
const at = (iso = '2024-05-01T10:00:00.000Z') => new Date(iso);

function aStoredModel(overrides: Partial<ModelState> = {}): ModelAggregate {
  const authorId = overrides.authorId ?? anId();
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

const anObject = (overrides: Partial<GeometrySource> = {}): GeometrySource => ({
  id: anId(),
  mediaId: anId(),
  authorId: anId(),
  teamId: null,
  projectId: null,
  ...overrides,
});

function caught(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('geometrySourceFits', () => {
  const author = anId();
  const team = anId();
  const project = anId();
  it('a personal model takes only its author’s personal 3D objects', () => {
    const model = { authorId: author, teamId: null, projectId: null };
    expect(geometrySourceFits(model, { authorId: author, teamId: null, projectId: null })).toBe(true);
    expect(geometrySourceFits(model, { authorId: anId(), teamId: null, projectId: null })).toBe(false);
    expect(geometrySourceFits(model, { authorId: author, teamId: team, projectId: null })).toBe(false);
  });
  it('a team or project model takes the 3D objects of that same team and project, whoever uploaded them', () => {
    expect(geometrySourceFits({ authorId: author, teamId: team, projectId: null }, { authorId: anId(), teamId: team, projectId: null })).toBe(true);
    expect(geometrySourceFits({ authorId: author, teamId: team, projectId: null }, { authorId: author, teamId: team, projectId: project })).toBe(false);
    expect(geometrySourceFits({ authorId: author, teamId: team, projectId: project }, { authorId: anId(), teamId: team, projectId: project })).toBe(true);
    expect(geometrySourceFits({ authorId: author, teamId: team, projectId: project }, { authorId: author, teamId: team, projectId: null })).toBe(false);
    expect(geometrySourceFits({ authorId: author, teamId: team, projectId: null }, { authorId: author, teamId: anId(), projectId: null })).toBe(false);
  });
});

describe('ModelAggregate.setGeometry', () => {
  it('records workspace.model.geometry-changed.v1 with the object and its media, and again when given up', () => {
    const model = aStoredModel();
    const source = anObject({ authorId: model.snapshot().authorId });
    model.setGeometry(source, model.snapshot().authorId, at());
    expect(model.snapshot()).toMatchObject({ geometry: { object3dId: source.id, mediaId: source.mediaId }, version: 5, updatedAt: at() });
    expect(model.pullEvents().map((e) => e.type)).toEqual(['workspace.model.geometry-changed.v1']);

    model.setGeometry(source, model.snapshot().authorId, at());
    expect(model.pullEvents()).toEqual([]);

    model.setGeometry(null, model.snapshot().authorId, at());
    expect(model.snapshot()).toMatchObject({ geometry: null, version: 6 });
    expect(model.pullEvents().map((e) => e.type)).toEqual(['workspace.model.geometry-changed.v1']);
  });

  it('an editor may; a viewer is refused (403), a stranger told it does not exist (404)', () => {
    const team = anId();
    const model = aStoredModel({ teamId: team });
    const source = anObject({ teamId: team });
    const editor = { userId: anId(), teamRole: 'editor' as const };
    model.setGeometry(source, editor, at());
    expect(model.snapshot().contributorId).toBe(editor.userId);
    expect(caught(() => model.setGeometry(null, { userId: anId(), teamRole: 'viewer' }, at()))).toMatchObject({
      kind: 'forbidden',
      message: MODEL_CHANGE_REFUSED,
    });
    expect(caught(() => model.setGeometry(null, anId(), at())).kind).toBe('not-found');
  });

  it('refuses a 3D object the caller may not see (404) and one of another scope (invalid)', () => {
    const model = aStoredModel();
    const author = model.snapshot().authorId;
    expect(caught(() => model.setGeometry(undefined, author, at()))).toMatchObject({ kind: 'not-found', message: ASSET_ITEM_MESSAGES.notFound.object3d });
    expect(caught(() => model.setGeometry(anObject({ teamId: anId() }), author, at()))).toMatchObject({
      kind: 'invalid',
      message: MODEL_GEOMETRY_MESSAGES.otherScope,
    });
    expect(model.pullEvents()).toEqual([]);
  });
});

describe('ModelAggregate.componentsToUse', () => {
  it('answers the ids once each, for an editor, when every component is of the model’s scope', () => {
    const team = anId();
    const model = aStoredModel({ teamId: team });
    const a = anObject({ teamId: team });
    const b = anObject({ teamId: team });
    expect(model.componentsToUse([a, b, a], { userId: anId(), teamRole: 'editor' })).toEqual([a.id, b.id]);
    expect(model.componentsToUse([], { userId: anId(), teamRole: 'editor' })).toEqual([]);
    expect(model.pullEvents()).toEqual([]);
  });

  it('refuses a viewer (403), a component the caller may not see (404), one of another scope (invalid)', () => {
    const team = anId();
    const model = aStoredModel({ teamId: team });
    const editor = { userId: anId(), teamRole: 'editor' as const };
    expect(caught(() => model.componentsToUse([], { userId: anId(), teamRole: 'viewer' })).kind).toBe('forbidden');
    expect(caught(() => model.componentsToUse([undefined], editor)).kind).toBe('not-found');
    expect(caught(() => model.componentsToUse([anObject({ teamId: anId() })], editor)).kind).toBe('invalid');
  });
});
