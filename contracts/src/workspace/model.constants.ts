/** Plain values of the model contracts, without zod (see `@kiln/contracts/constants`); model.ts re-exports them. */

/** The longest model name; the spec names no limit or message, so both are ours (docs/adr/0012). */
export const MODEL_NAME_MAX_LENGTH = 200;
export const MODEL_NAME_TOO_LONG = `The name must be at most ${MODEL_NAME_MAX_LENGTH} characters.`;

export const MODEL_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;
export const DEFAULT_MODEL_SORT = 'updatedAt DESC';

export const MODEL_PAGE_SIZE = 20;
