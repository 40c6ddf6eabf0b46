import { MODEL_SORT_FIELDS } from './model.constants';

/** Plain values of issue 17's fixes to the model and business screens (ADR 0045), for the web app and its tests. */

/** The order a sort field starts in when it is chosen: dates newest first, Alphabetical A to Z. */
export const MODEL_SORT_FIRST_ORDER = { createdAt: 'DESC', updatedAt: 'DESC', name: 'ASC' } as const satisfies Record<
  (typeof MODEL_SORT_FIELDS)[number],
  'ASC' | 'DESC'
>;

/** The model menu entry that copies a model's id, and what it says after. */
export const MODEL_ID_COPY_LABEL = 'Copy model ID';
export const MODEL_ID_COPIED = 'Model ID copied to the clipboard.';
export const MODEL_ID_COPY_FAILED = 'Could not copy. Select the model ID and copy it:';
