/**
 * Page sizes of the lists (spec 001 §9, spec 002 §2) and the most one request may ask for, without zod, so
 * the web app reads the same numbers as the contracts (`@kiln/contracts/constants`).
 */
export const PLUGIN_PAGE_SIZE = 20;
export const PRODUCT_PAGE_SIZE = 20;
/** The largest `limit` a list accepts: screens that show every record load them this many at a time. */
export const LIST_LIMIT_MAX = 100;
