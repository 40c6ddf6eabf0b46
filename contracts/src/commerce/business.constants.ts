import type { MeasureKindId } from './units.constants';
import { COMMON_MESSAGES } from '../common/messages';

/**
 * Plain values of the business contracts (no zod), so `@kiln/contracts/constants` can offer them to the
 * domain rules and the web app without schema code in the browser's first load (docs/adr/0013).
 */
export const CATALOG_NAME_MIN = 3;
export const CATALOG_NAME_TOO_SHORT = COMMON_MESSAGES.nameTooShort;
export const MODEL_ID_WRONG = 'Wrong model ID or the model no longer exists';
export const MODEL_VIEW_DENIED = 'You do not have permission to view this model';

export const BUSINESS_PAGE_SIZE = 20;
/** Tags (spec 002 §5): trimmed, empties dropped, at most 20. */
export const TAGS_MAX = 20;

export const SERVICE_CLASS_VALUES = [
  'count-based-service',
  'length-based-service',
  'area-based-service',
  'volume-based-service',
  'weight-based-service',
  'time-based-service',
] as const;
export type ServiceClassId = (typeof SERVICE_CLASS_VALUES)[number];
/** What a service class is called on screen and in an order's PDF (its Bill of services groups). */
export const SERVICE_CLASS_LABELS: Record<ServiceClassId, string> = {
  'count-based-service': 'Count based',
  'length-based-service': 'Length based',
  'area-based-service': 'Area based',
  'volume-based-service': 'Volume based',
  'weight-based-service': 'Weight based',
  'time-based-service': 'Time based',
};
/** Each class's measure kind (spec 002 §3); count-based pricing has the fixed unit `each`. */
export const SERVICE_CLASS_KIND: Record<ServiceClassId, MeasureKindId> = {
  'count-based-service': 'count',
  'length-based-service': 'length',
  'area-based-service': 'area',
  'volume-based-service': 'volume',
  'weight-based-service': 'mass',
  'time-based-service': 'time',
};
