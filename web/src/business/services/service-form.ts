import type { CreateServiceInput, Service, ServiceClass } from '@kiln/contracts';
import { DEFAULT_UNITS, SERVICE_CLASS_LABELS, SERVICE_CLASS_VALUES, UNITS } from '@kiln/contracts/constants';
import { addPriceOption, clampPriceValue, deletePriceOption } from '@kiln/domain';
import { BUSINESS_TEXTS } from '../business-texts';
import { SERVICE_KIND } from '../catalog/recipe-form';

/**
 * The service dialog's pure helpers (spec 002 §4–§5). The same rules run in the service (domain serviceRules);
 * these keep the dialog free of schema code (docs/adr/0013).
 */
export const SERVICE_CLASSES: { value: ServiceClass; label: string }[] = SERVICE_CLASS_VALUES.map((value) => ({ value, label: SERVICE_CLASS_LABELS[value] }));

export interface PriceOptionDraft {
  /** Kept across edits (the service's id), a local key for new ones. */
  id?: string;
  key: string;
  label: string;
  value: number;
  unit: string;
  material: string[];
}
export interface ServiceDraftForm {
  name: string;
  displayName: string;
  serviceClass: ServiceClass | '';
  code: string;
  serviceProvider: string;
  tags: string;
  generalPrice: number | null;
  generalUnit: string;
  prices: PriceOptionDraft[];
}

export const unitsOfClass = (serviceClass: ServiceClass | ''): readonly string[] => (serviceClass ? UNITS[SERVICE_CLASS_KIND_OF(serviceClass)] : []);
const SERVICE_CLASS_KIND_OF = (c: ServiceClass) => SERVICE_KIND[c];
export const defaultUnit = (serviceClass: ServiceClass | ''): string => (serviceClass ? DEFAULT_UNITS[SERVICE_CLASS_KIND_OF(serviceClass)] : '');

/** A typed price: below 0 becomes 0, anything not a finite number 0 (spec 002 §5). */
export function clampPrice(typed: string | number): number {
  const n = clampPriceValue(typeof typed === 'number' ? typed : Number(String(typed).replace(',', '.')));
  return Math.round(n * 100) / 100;
}

let keys = 0;
const localKey = () => `new-${++keys}`;

export function emptyDraft(): ServiceDraftForm {
  return { name: '', displayName: '', serviceClass: '', code: '', serviceProvider: '', tags: '', generalPrice: null, generalUnit: '', prices: [] };
}

export function draftOf(service: Service): ServiceDraftForm {
  return {
    name: service.name,
    displayName: service.displayName ?? '',
    serviceClass: service.serviceClass,
    code: service.code ?? '',
    serviceProvider: service.serviceProvider ?? '',
    tags: service.tags.join(', '),
    generalPrice: service.generalPrice.value,
    generalUnit: service.generalPrice.unit,
    prices: service.prices.map((o) => ({ id: o.id, key: o.id, label: o.label, value: o.price.value, unit: o.price.unit, material: [...o.material] })),
  };
}

/** Adding puts a new option at the top and selects it (spec 002 §4). */
export function addOption(draft: ServiceDraftForm): { prices: PriceOptionDraft[]; selected: number } {
  const unit = draft.generalUnit || defaultUnit(draft.serviceClass);
  const added = addPriceOption(draft.prices, { key: localKey(), label: '', value: 0, unit, material: [] });
  return { prices: added.options, selected: added.selected };
}

/** Deleting selects a neighbour (the one moving into its place, else the one before), or none when none is left. */
export function deleteOption(prices: PriceOptionDraft[], index: number, selected: number | null): { prices: PriceOptionDraft[]; selected: number | null } {
  const next = deletePriceOption(prices, index, selected);
  return { prices: next.options, selected: next.selected };
}

/** Tags as typed ("a, b"): trimmed, empties dropped, each once, at most 20 (spec 002 §5). */
export function tagsOf(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);
}

export interface DraftErrors {
  name?: string;
  serviceClass?: string;
  generalPrice?: string;
  /** By option key. */
  options: Record<string, string>;
}

export function creationErrors(draft: ServiceDraftForm): DraftErrors {
  return {
    ...(draft.name.trim() ? {} : { name: BUSINESS_TEXTS.required }),
    ...(draft.serviceClass ? {} : { serviceClass: BUSINESS_TEXTS.required }),
    options: {},
  };
}

/** The price step: General Price required; on submit each option needs a material. */
export function priceErrors(draft: ServiceDraftForm, submitting: boolean): DraftErrors {
  const options: Record<string, string> = {};
  if (submitting) for (const option of draft.prices) if (option.material.length === 0) options[option.key] = BUSINESS_TEXTS.selectMaterial;
  return { ...(draft.generalPrice === null ? { generalPrice: BUSINESS_TEXTS.generalPriceRequired } : {}), options };
}

export const hasErrors = (errors: DraftErrors) => Boolean(errors.name || errors.serviceClass || errors.generalPrice || Object.keys(errors.options).length);

/** The payload of POST / PATCH (spec 002 §7: generalPrice and prices normalised). */
export function payloadOf(draft: ServiceDraftForm): Omit<CreateServiceInput, 'teamId' | 'projectId'> {
  const cls = draft.serviceClass as ServiceClass;
  const unit = (u: string) => (SERVICE_KIND[cls] === 'count' ? 'each' : u || defaultUnit(cls)) as NonNullable<CreateServiceInput['generalPrice']>['unit'];
  return {
    name: draft.name.trim(),
    displayName: draft.displayName.trim() || null,
    serviceClass: cls,
    code: draft.code.trim() || null,
    serviceProvider: draft.serviceProvider.trim() || null,
    tags: tagsOf(draft.tags),
    generalPrice: { value: clampPrice(draft.generalPrice ?? 0), unit: unit(draft.generalUnit) },
    prices: draft.prices.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      label: o.label.trim(),
      price: { value: clampPrice(o.value), unit: unit(o.unit) },
      material: o.material,
    })),
  };
}
