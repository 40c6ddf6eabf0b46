import { DomainError } from '../shared/domain-error';
import { COMMON_MESSAGES } from '@kiln/contracts/constants';

/** The sentences of spec 001 §5 and §8 (the web app shows them as they come), and ours for the rest (ADR 0025). */
export const PLUGIN_MESSAGES = {
  required: COMMON_MESSAGES.required,
  invalidFormat: 'Invalid format',
  pluginExists: 'Plugin already exists',
  slugUsed: 'Slug already used',
  notFound: "Plugin doesn't exist",
  idAndVersionRequired: 'Plugin ID and version are required',
  noPrivateAgain: "You can't turn public plugin into private",
  pluginIdFixed: 'The plugin id cannot be changed after creation.',
  slugFixed: 'The slug cannot be changed after creation.',
  publishedUndeletable: 'A published plugin cannot be deleted.',
  ownerOnly: 'Only the author may change this plugin.',
  iconMd: 'Medium icons must be PNG images.',
  iconSm: 'Small icons must be SVG images.',
  zipOnly: 'Plugin upload accepts .zip only.',
  // Versions (spec 001 §4)
  versionFormat: 'The version must look like 1.2.3 (an optional -prerelease may follow).',
  versionNotHigher: 'Versions lower than the latest published or previously used are not accepted.',
  versionNotFound: "This version doesn't exist",
  fileNotFound: 'File not found.',
  uploadNotAllowed: 'A zip can be uploaded only while the version is pending or failed.',
  noZip: 'Upload a .zip first.',
  pipelineRunning: 'The pipeline is running for this version.',
  developersOnly: 'Only developers may publish alpha versions.',
  notPublishable: 'This version cannot be published in its current status.',
  notPublished: 'This version is not published.',
  unpublishWindow: 'A version can be unpublished only within 24 hours of publishing.',
  publishedVersionUndeletable: 'A published version cannot be deleted.',
  zeroVersionUndeletable: 'Version 0.0.0 cannot be deleted.',
} as const;

/** Ours, about how builds run (ADR 0039): the version page and the logs show them. */
export const PIPELINE_MESSAGES = {
  waiting: 'Waiting for a free build slot',
  noIsolation: 'Not run: this machine cannot isolate plugin builds, and a build never runs without isolation',
  isolatedWith: (how: string) => `Builds run isolated with ${how}: no network, no access to other data, one build per person at a time.`,
  notIsolated: 'Builds cannot run on this server: it cannot isolate them.',
} as const;
/** The sandboxes by the names people know them by. */
export const ISOLATION_NAMES = { bubblewrap: 'bubblewrap', unshare: 'Linux namespaces (unshare)' } as const;

/** Spec 001 §5: optional '@namespace/' prefix, then lowercase letters or digits separated by single hyphens. */
const SEGMENT = '[a-z0-9]+(?:-[a-z0-9]+)*';
export const PLUGIN_ID_PATTERN = new RegExp(`^(?:@${SEGMENT}/)?${SEGMENT}$`);
export const isValidPluginIdFormat = (value: string): boolean => PLUGIN_ID_PATTERN.test(value);

/** Spec 001 §5: non-alphanumerics to hyphens, trimmed (of hyphens too), lowercase. */
export function deriveSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Text of an HTML description, for the "at least 2 characters after stripping tags" rule. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

/** Initials shown in place of a missing icon: first letters of the first two words of the name. */
export function pluginInitials(name: string): string {
  const words = name
    .trim()
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

export type PluginFormField = 'name' | 'pluginId' | 'slug' | 'type' | 'description';
export interface PluginFormInput {
  name?: string;
  pluginId?: string;
  slug?: string;
  type?: string;
  description?: string;
}

/**
 * Every rule of the plugin form (spec 001 §5), field by field: the web form shows the first error of each
 * field and keeps Submit disabled while there is one; the service refuses the same input with 400.
 */
export function pluginFormErrors(input: PluginFormInput): { path: PluginFormField; message: string }[] {
  const errors: { path: PluginFormField; message: string }[] = [];
  const required = (path: PluginFormField, value: string | undefined) => {
    if (!value || !value.trim()) {
      errors.push({ path, message: PLUGIN_MESSAGES.required });
      return false;
    }
    return true;
  };
  required('name', input.name);
  if (required('pluginId', input.pluginId) && !isValidPluginIdFormat(input.pluginId!))
    errors.push({ path: 'pluginId', message: PLUGIN_MESSAGES.invalidFormat });
  if (required('slug', input.slug) && !isValidPluginIdFormat(input.slug!)) errors.push({ path: 'slug', message: PLUGIN_MESSAGES.invalidFormat });
  required('type', input.type);
  if (stripTags(input.description ?? '').length < 2) errors.push({ path: 'description', message: PLUGIN_MESSAGES.required });
  return errors;
}

export function assertPluginForm(input: PluginFormInput): void {
  const errors = pluginFormErrors(input);
  if (errors.length) throw new DomainError('invalid', errors[0]!.message, errors);
}

/** Spec 001 §5: the private toggle is offered only for a new or still-private plugin. */
export const canTogglePrivate = (plugin: { private: boolean } | null): boolean => !plugin || plugin.private;

/** The icon media kinds the slots accept (spec 001 §5): md PNG, sm SVG. */
export const ICON_SLOT_MIME: Record<'md-light' | 'md-dark' | 'sm-light' | 'sm-dark', string> = {
  'md-light': 'image/png',
  'md-dark': 'image/png',
  'sm-light': 'image/svg+xml',
  'sm-dark': 'image/svg+xml',
};
