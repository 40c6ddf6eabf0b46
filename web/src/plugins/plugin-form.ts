import type { FieldErrors, Resolver } from 'react-hook-form';
import type { Plugin, PluginIcons } from '@kiln/contracts';
import { isValidPluginIdFormat, pluginFormErrors, type PluginFormField } from '@kiln/domain';

export interface PluginFormValues {
  name: string;
  pluginId: string;
  slug: string;
  type: '' | 'library' | 'node-editor-package';
  description: string;
  readme: string;
  private: boolean;
}

export type IconSlot = keyof PluginIcons;
export const ICON_SLOTS: { slot: IconSlot; label: string; accept: string; kind: 'png' | 'svg' }[] = [
  { slot: 'md-light', label: 'Medium icon, light (PNG)', accept: '.png,image/png', kind: 'png' },
  { slot: 'md-dark', label: 'Medium icon, dark (PNG)', accept: '.png,image/png', kind: 'png' },
  { slot: 'sm-light', label: 'Small icon, light (SVG)', accept: '.svg,image/svg+xml', kind: 'svg' },
  { slot: 'sm-dark', label: 'Small icon, dark (SVG)', accept: '.svg,image/svg+xml', kind: 'svg' },
];

/** Whether a chosen file fits its slot (spec 001 §5: md PNG, sm SVG), by type and by name. */
export function iconFits(file: { name: string; type: string }, kind: 'png' | 'svg'): boolean {
  const ext = file.name.toLowerCase().split('.').pop();
  return kind === 'png' ? file.type === 'image/png' || (!file.type && ext === 'png') : file.type === 'image/svg+xml' || (!file.type && ext === 'svg');
}

export const emptyValues = (): PluginFormValues => ({ name: '', pluginId: '', slug: '', type: '', description: '', readme: '', private: true });
export const valuesOf = (p: Plugin): PluginFormValues => ({
  name: p.name,
  pluginId: p.pluginId,
  slug: p.slug,
  type: p.type,
  description: p.description,
  readme: p.readme,
  private: p.private,
});

/** A server uniqueness answer for one typed value (validate-plugin / validate-slug). */
export interface Check {
  value: string;
  /** null: free. */
  message: string | null;
}

/**
 * The form's rules, all of spec 001 §5 through the domain's `pluginFormErrors` (the service runs the same), plus the
 * server's uniqueness answer for the value now in the field. `checks` is read when the resolver runs.
 */
export function pluginResolver(checks: () => Partial<Record<'pluginId' | 'slug', Check>>): Resolver<PluginFormValues> {
  return async (values) => {
    const errors: FieldErrors<PluginFormValues> = {};
    for (const e of pluginFormErrors(values)) {
      if (!errors[e.path]) errors[e.path] = { type: 'rule', message: e.message };
    }
    const known = checks();
    for (const field of ['pluginId', 'slug'] as const) {
      const check = known[field];
      if (!errors[field] && check && check.value === values[field] && check.message) errors[field] = { type: 'taken', message: check.message };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** A value worth asking the server about: a well-formed one (format errors are shown at once). */
export const worthChecking = (value: string) => value.length > 0 && isValidPluginIdFormat(value);
export type { PluginFormField };
