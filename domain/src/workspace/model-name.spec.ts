import { MODEL_NAME_MESSAGES, modelNameProblems } from './model-name';

const TOO_SHORT = 'The name must be longer than 3 characters.';
const SYMBOLS = 'Only the following symbols are allowed: -, _, /, (, ).';

describe('model name rules (spec 000 §5)', () => {
  it('uses the exact messages of the spec', () => {
    expect(MODEL_NAME_MESSAGES).toEqual({ tooShort: TOO_SHORT, symbols: SYMBOLS });
  });

  it.each(['', ' ', 'a', 'ab', '  ab  ', '\tx\n'])('refuses %j as too short (trimmed length <= 2)', (name) => {
    expect(modelNameProblems(name)).toEqual([TOO_SHORT]);
  });

  it.each(['abc', ' abc ', 'Gear', 'Gear box 2', 'bracket-v2_final', 'parts/wheel (left)', '123'])('accepts %j', (name) => {
    expect(modelNameProblems(name)).toEqual([]);
  });

  it.each(['Zahnrad Größe', 'Шестерня', '齿轮模型', 'ギアボックス', 'ترس', 'גלגל', 'Ελληνικά', 'टेस्ट', 'Cafe\u0301 model', 'ภาษาไทย', 'μ-gear (٣)'])(
    'accepts letters and digits of any script: %j',
    (name) => {
      expect(modelNameProblems(name)).toEqual([]);
    },
  );

  it.each(['gear!', 'gear.stl', 'a+b+c', 'name@home', 'x#1 y', 'gear,box', 'my:model', 'q?u', 'tab\\slash', 'emoji 🙂 ok', '[gear]', 'gear*'])(
    'refuses the symbol in %j',
    (name) => {
      expect(modelNameProblems(name)).toEqual([SYMBOLS]);
    },
  );

  it('reports both problems, too short first, when a short name also has a symbol', () => {
    expect(modelNameProblems('a!')).toEqual([TOO_SHORT, SYMBOLS]);
  });

  it('counts the trimmed length, so padding never makes a name long enough', () => {
    expect(modelNameProblems('     ab     ')).toEqual([TOO_SHORT]);
    expect(modelNameProblems('   abc   ')).toEqual([]);
  });
});
