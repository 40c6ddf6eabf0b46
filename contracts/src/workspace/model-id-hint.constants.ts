import { MODEL_ID_COPY_LABEL } from './model-ui.constants';

/**
 * A module of its own: model-ui.constants is in the web app's first load (the model menu), and a bundler puts a
 * whole shared module in the first chunk that imports from it; this hint is only the catalog's, in its chunk.
 */
/** The hint under the catalog's Model ID field: the real shape of an id, and where to find one. */
export const MODEL_ID_HINT =
  `A model ID is 24 characters, digits 0–9 and letters a–f, for example 5f3a9c2e7b1d4e8f6a0c2b91. Copy it with ` +
  `“${MODEL_ID_COPY_LABEL}” in the model’s menu.`;
