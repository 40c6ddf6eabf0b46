import { z } from 'zod';
import { Id, Text } from '../common/ids';
import { listOf } from '../common/list';
import { REQUIRED, requiredText } from './material';
import { RecordMeta, Scope, Tags } from './records';
import { SERVICE_CLASS_KIND, SERVICE_CLASS_LABELS, SERVICE_CLASS_VALUES } from './business.constants';
import { Money, UnitId } from './units';

export { SERVICE_CLASS_KIND, SERVICE_CLASS_LABELS, SERVICE_CLASS_VALUES };

/** Services (spec 002 §2–§5): what a seller charges for work, priced per unit of its measure kind. */
export const ServiceClass = z.enum(SERVICE_CLASS_VALUES, { error: REQUIRED });
export type ServiceClass = z.infer<typeof ServiceClass>;

/** A price per one `unit` (of the service class's kind), in US dollars. */
export const ServicePrice = z.object({ value: Money, unit: UnitId });
export type ServicePrice = z.infer<typeof ServicePrice>;
/** A price option: its own price for work on the materials it lists. */
export const PriceOption = z.object({
  /** Kept across edits so a timeline can tell options apart; the service assigns one to new options. */
  id: z.string().max(40).optional(),
  label: Text(200),
  price: ServicePrice,
  material: z.array(Id).max(500),
});
export type PriceOption = z.infer<typeof PriceOption>;

const ServiceFields = {
  name: requiredText(200),
  displayName: Text(200).nullable().optional(),
  serviceClass: ServiceClass,
  code: Text(200).nullable().optional(),
  serviceProvider: Text(200).nullable().optional(),
  tags: Tags.default([]),
  /** Required ('General Price is required'): the domain says so, with the spec's words. */
  generalPrice: ServicePrice.nullable().optional(),
  prices: z.array(PriceOption).max(100).default([]),
};

/** POST /api/workspace/business-service. */
export const CreateServiceBody = z.strictObject({ ...ServiceFields, ...Scope });
export type CreateServiceBody = z.infer<typeof CreateServiceBody>;
export type CreateServiceInput = z.input<typeof CreateServiceBody>;
/** PATCH /api/workspace/business-service/{id}: the service payload; `serviceClass` must stay the same (locked on edit). */
export const UpdateServiceBody = z.strictObject({
  name: ServiceFields.name.optional(),
  displayName: ServiceFields.displayName,
  serviceClass: ServiceClass.optional(),
  code: ServiceFields.code,
  serviceProvider: ServiceFields.serviceProvider,
  tags: Tags.optional(),
  generalPrice: ServiceFields.generalPrice,
  prices: z.array(PriceOption).max(100).optional(),
});
export type UpdateServiceBody = z.infer<typeof UpdateServiceBody>;
export type UpdateServiceInput = z.input<typeof UpdateServiceBody>;

export const Service = z.object({
  ...RecordMeta,
  name: z.string(),
  displayName: z.string().nullable(),
  serviceClass: ServiceClass,
  code: z.string().nullable(),
  serviceProvider: z.string().nullable(),
  tags: z.array(z.string()),
  generalPrice: ServicePrice,
  prices: z.array(PriceOption.extend({ id: z.string(), materials: z.array(z.object({ id: Id, name: z.string() })).optional() })),
  /** Distinct materials linked by the price options (the list shows it when above 0). */
  materialCount: z.number().int(),
  /** Lowest and highest price over the general price and the options. */
  priceRange: z.object({ min: Money, max: Money }),
});
export type Service = z.infer<typeof Service>;
export const ServiceList = listOf(Service);
export type ServiceList = z.infer<typeof ServiceList>;
