import { ComponentAggregate } from './component.aggregate';
import { DomainError } from '../shared/domain-error';

const now = new Date('2026-11-26T00:00:00Z');
const later = new Date('2026-11-26T01:00:00Z');
const author = 'a'.repeat(24);
const other = 'b'.repeat(24);
const team = 'c'.repeat(24);

const kindOf = (run: () => void): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? `${error.kind}: ${error.message}` : String(error);
  }
  return undefined;
};

describe('ComponentAggregate (spec 001 §8, ADR 0051)', () => {
  it('creates with a trimmed name, and refuses an empty one with "This field is required"', () => {
    const component = ComponentAggregate.create({ id: '1'.repeat(24), name: '  Hinge ', authorId: author, now });
    expect(component.snapshot()).toMatchObject({ name: 'Hinge', description: '', contributorId: author, version: 1 });
    expect(component.pullEvents().map((e) => e.type)).toEqual(['workspace.component.created.v1']);
    expect(kindOf(() => ComponentAggregate.create({ id: '1'.repeat(24), name: '   ', authorId: author, now }))).toBe('invalid: This field is required');
    expect(kindOf(() => ComponentAggregate.create({ id: '1'.repeat(24), name: 'x', authorId: author, projectId: team, now }))).toMatch(/^invalid/);
  });

  it('personal: only its author renames or deletes; anyone else is told it does not exist', () => {
    const component = ComponentAggregate.create({ id: '1'.repeat(24), name: 'Hinge', authorId: author, now });
    component.pullEvents();
    expect(kindOf(() => component.rename('X', { userId: other }, later))).toBe('not-found: Component not found.');
    component.rename('Hinge v2', { userId: author }, later);
    expect(component.pullEvents().map((e) => e.type)).toEqual(['workspace.component.renamed.v1']);
    expect(kindOf(() => component.rename('', { userId: author }, later))).toBe('invalid: This field is required');
  });

  it('team: owner and editor change, a viewer is refused (403), a stranger gets 404', () => {
    const component = ComponentAggregate.create({ id: '1'.repeat(24), name: 'Hinge', authorId: author, teamId: team, now });
    expect(kindOf(() => component.rename('X', { userId: other, teamRole: 'viewer' }, later))).toBe('forbidden: You may not change this component.');
    expect(kindOf(() => component.delete({ userId: other, teamRole: null }, 0, later))).toBe('not-found: Component not found.');
    component.describe('A part', { userId: other, teamRole: 'editor' }, later);
    expect(component.snapshot()).toMatchObject({ description: 'A part', contributorId: other, version: 2 });
  });

  it('refuses to delete a component in use with the spec sentence, and deletes an unused one', () => {
    const component = ComponentAggregate.create({ id: '1'.repeat(24), name: 'Hinge', authorId: author, now });
    component.pullEvents();
    expect(kindOf(() => component.delete({ userId: author }, 3, later))).toBe('conflict: This component is used in the 3 model.');
    component.delete({ userId: author }, 0, later);
    expect(component.isDeleted).toBe(true);
    expect(component.pullEvents().map((e) => e.type)).toEqual(['workspace.component.deleted.v1']);
  });
});
