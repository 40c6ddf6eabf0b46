import { CreateModelBody, ListModelsQuery, Model, MODEL_NAME_TOO_LONG, UpdateModelBody } from './model';

const anId = (n = 1) => n.toString(16).padStart(24, '0');
const parse = (query: Record<string, unknown>) => ListModelsQuery.safeParse(query);

describe('ListModelsQuery', () => {
  it('defaults to the first page of 20', () => {
    expect(ListModelsQuery.parse({})).toEqual({ skip: 0, limit: 20 });
  });

  it('coerces skip and limit from the query string', () => {
    expect(ListModelsQuery.parse({ skip: '40', limit: '10' })).toMatchObject({ skip: 40, limit: 10 });
  });

  it('allows a limit up to 100 and refuses more', () => {
    expect(parse({ limit: '100' }).success).toBe(true);
    expect(parse({ limit: '101' }).success).toBe(false);
    expect(parse({ limit: '0' }).success).toBe(false);
    expect(parse({ skip: '-1' }).success).toBe(false);
    expect(parse({ limit: '2.5' }).success).toBe(false);
  });

  it('parses where as JSON', () => {
    const query = ListModelsQuery.parse({ where: JSON.stringify({ name: { contains: 'gear' }, id: { nin: [anId(1), anId(2)] }, teamId: null }) });
    expect(query.where).toEqual({ name: { contains: 'gear' }, id: { nin: [anId(1), anId(2)] }, teamId: null });
  });

  it('accepts where as an already parsed object', () => {
    expect(ListModelsQuery.parse({ where: { name: { contains: 'x' } } }).where).toEqual({ name: { contains: 'x' } });
  });

  it('refuses unknown where keys, also nested ones', () => {
    expect(parse({ where: JSON.stringify({ authorId: anId() }) }).success).toBe(false);
    expect(parse({ where: JSON.stringify({ name: { startsWith: 'g' } }) }).success).toBe(false);
    expect(parse({ where: JSON.stringify({ id: { in: [anId()] } }) }).success).toBe(false);
  });

  it('refuses where that is not JSON with "Must be valid JSON."', () => {
    const result = parse({ where: '{name:' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('Must be valid JSON.');
  });

  it('refuses ids that are not 24 hex characters in where', () => {
    expect(parse({ where: JSON.stringify({ id: { nin: ['nope'] } }) }).success).toBe(false);
  });

  it.each([
    ['"name ASC"', { field: 'name', direction: 'asc' }],
    ['"createdAt desc"', { field: 'createdAt', direction: 'desc' }],
    ['updatedAt DESC', { field: 'updatedAt', direction: 'desc' }],
    ['updatedAt ASC', { field: 'updatedAt', direction: 'asc' }],
  ])('parses sort %s', (sort, expected) => {
    expect(ListModelsQuery.parse({ sort }).sort).toEqual(expected);
  });

  it.each(['"authorId ASC"', 'name', 'name UP', '"name; DROP TABLE"', 'UPDATEDAT DESC', 'Name asc'])('refuses sort %s', (sort) => {
    expect(parse({ sort }).success).toBe(false);
  });

  it.each([
    ['["author","contributor"]', ['author', 'contributor']],
    ['author,contributor', ['author', 'contributor']],
    ['author', ['author']],
    ['["author.avatar"]', ['author.avatar']],
  ])('parses populate %s', (populate, expected) => {
    expect(ListModelsQuery.parse({ populate }).populate).toEqual(expected);
  });

  it('refuses populating an unknown relation', () => {
    expect(parse({ populate: '["password"]' }).success).toBe(false);
    expect(parse({ populate: 'author,secrets' }).success).toBe(false);
  });

  it('refuses unknown query parameters', () => {
    expect(parse({ page: '2' }).success).toBe(false);
  });
});

describe('CreateModelBody', () => {
  it('accepts a name with optional team and project', () => {
    expect(CreateModelBody.parse({ name: 'Gear box' })).toEqual({ name: 'Gear box' });
    expect(CreateModelBody.parse({ name: 'Gear box', teamId: anId(1), projectId: null })).toEqual({ name: 'Gear box', teamId: anId(1), projectId: null });
  });

  it('refuses unknown fields', () => {
    expect(CreateModelBody.safeParse({ name: 'Gear box', authorId: anId() }).success).toBe(false);
    expect(CreateModelBody.safeParse({ name: 'Gear box', version: 3 }).success).toBe(false);
  });

  it('needs a name of at most 200 characters', () => {
    expect(CreateModelBody.safeParse({}).success).toBe(false);
    expect(CreateModelBody.safeParse({ name: 'x'.repeat(200) }).success).toBe(true);
    expect(CreateModelBody.safeParse({ name: 'x'.repeat(201) }).success).toBe(false);
  });

  it('refuses a team id that is not an id', () => {
    expect(CreateModelBody.safeParse({ name: 'Gear box', teamId: 'team-1' }).success).toBe(false);
  });
});

describe('UpdateModelBody', () => {
  it('takes a name and/or a description and nothing else', () => {
    expect(UpdateModelBody.parse({ name: 'New' })).toEqual({ name: 'New' });
    expect(UpdateModelBody.parse({ description: 'About' })).toEqual({ description: 'About' });
    expect(UpdateModelBody.safeParse({ hidden: true }).success).toBe(false);
  });
});

describe('Model', () => {
  const aModel = () => ({
    id: anId(1),
    name: 'Gear box',
    description: '',
    authorId: anId(2),
    contributorId: anId(2),
    teamId: null,
    projectId: null,
    productId: null,
    publishedAt: null,
    updatedAt: '2024-05-01T10:00:00.000Z',
    createdAt: '2024-05-01T10:00:00.000Z',
    sharedWithEveryone: 'private',
    hidden: false,
    version: 1,
  });

  it('defaults userRole to viewer (spec 000 §3)', () => {
    expect(Model.parse(aModel()).userRole).toBe('viewer');
  });

  it('refuses a malformed id', () => {
    expect(Model.safeParse({ ...aModel(), id: 'abc' }).success).toBe(false);
  });
});

describe('model name length', () => {
  it('refuses a name over 200 characters with a sentence for people, not the library text', () => {
    const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);
    expect(CreateModelBody.safeParse({ name: 'a'.repeat(200) }).success).toBe(true);
    expect(messages(CreateModelBody.safeParse({ name: 'a'.repeat(201) }))).toEqual([MODEL_NAME_TOO_LONG]);
    expect(messages(UpdateModelBody.safeParse({ name: 'a'.repeat(201) }))).toEqual([MODEL_NAME_TOO_LONG]);
    expect(MODEL_NAME_TOO_LONG).toBe('The name must be at most 200 characters.');
  });
});
