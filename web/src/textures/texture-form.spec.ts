import { COMMUNITY_MESSAGES, TEXTURE_MESSAGES } from '@kiln/contracts/constants';
import { bodyOf, draftErrors, newDraft, NOT_A_NUMBER, tagRefusal, transformOf } from './texture-form';

describe('the texture editor’s draft (spec 001 §5)', () => {
  it('starts from the spec’s defaults and sends them as numbers', () => {
    const draft = { ...newDraft(), name: 'Oak floor' };
    expect(draftErrors(draft)).toEqual({});
    expect(bodyOf(draft, 'p1')).toMatchObject({
      name: 'Oak floor',
      previewId: 'p1',
      offset: { x: 0, y: 0 },
      repeat: { x: 1, y: 1 },
      center: { x: 0, y: 0 },
      rotation: 0,
      diffuseMap: null,
    });
  });

  it('says the domain’s sentences by field, and what is not a number', () => {
    const draft = newDraft();
    draft.numbers['repeat.x'] = '-0.01';
    draft.numbers.rotation = '6.3';
    draft.numbers.width = '';
    expect(draftErrors(draft)).toEqual({
      name: TEXTURE_MESSAGES.nameRequired,
      'repeat.x': TEXTURE_MESSAGES.notNegative,
      rotation: TEXTURE_MESSAGES.rotationTooLarge,
      width: NOT_A_NUMBER,
    });
    expect(draftErrors({ ...newDraft(), name: 'ab' }).name).toBe(TEXTURE_MESSAGES.nameTooShort);
    // The sphere keeps the default for what is not a number yet.
    expect(transformOf(draft.numbers).repeat).toEqual({ x: -0.01, y: 1 });
  });

  it('refuses a tag that is already there in any case', () => {
    expect(tagRefusal(['Wood'], 'wood')).toBe(COMMUNITY_MESSAGES.duplicateTags);
    expect(tagRefusal(['Wood'], 'oak')).toBeUndefined();
  });
});
