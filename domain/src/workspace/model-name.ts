/** Model name rules of spec 000 §5, shared by the New Model form and the workspace service. */
export const MODEL_NAME_MESSAGES = {
  tooShort: 'The name must be longer than 3 characters.',
  symbols: 'Only the following symbols are allowed: -, _, /, (, ).',
} as const;

// Letters (with their combining marks, as in Devanagari or a decomposed é) and digits of any script,
// whitespace, and - _ / ( ).
const ALLOWED = /^[\p{L}\p{M}\p{N}\s\-_/()]*$/u;

/** The messages a name breaks, in the order the form shows them; empty when the name is valid. */
export function modelNameProblems(name: string): string[] {
  const problems: string[] = [];
  if (name.trim().length <= 2) problems.push(MODEL_NAME_MESSAGES.tooShort);
  if (!ALLOWED.test(name)) problems.push(MODEL_NAME_MESSAGES.symbols);
  return problems;
}

/** The prefix of a duplicate's name (spec 000 §9). */
export const DUPLICATE_NAME_PREFIX = '(Duplicate) ';
