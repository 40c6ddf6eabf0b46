import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Plugin, PluginIcons } from '@kiln/contracts';
import { canTogglePrivate, deriveSlug, PLUGIN_MESSAGES } from '@kiln/domain';
import { ApiError, messageOf } from '../api/client';
import { SubmitKeys } from '../api/idempotency';
import { FormAlert, SelectField, showServerError, TextAreaField } from '../teams/dialogs/fields';
import { TextField } from '../ui/TextField';
import { pluginApi, pluginKeys, uploadFile } from './plugin-api';
import { emptyValues, ICON_SLOTS, iconFits, pluginResolver, valuesOf, worthChecking, type Check, type IconSlot, type PluginFormValues } from './plugin-form';
import { PLUGIN_TEXTS } from './plugin-texts';
import { Spinner } from './PluginParts';
import './plugins.css';

/** Spec 001 §9: plugin id and slug are checked 200 ms after typing. */
const CHECK_DELAY_MS = 200;
const keys = new SubmitKeys();

/** New Plugin (/plugin/new) and Edit Plugin (/plugin/edit/{id}, the record id), spec 001 §2, §5. */
export function PluginFormPage() {
  const { pluginRecordId } = useParams();
  const plugin = useQuery({
    queryKey: pluginKeys.plugin(pluginRecordId ?? ''),
    queryFn: () => pluginApi.get(pluginRecordId!),
    enabled: Boolean(pluginRecordId),
  });
  if (!pluginRecordId) return <PluginForm />;
  if (plugin.isPending) return <Spinner label="Loading the plugin" />;
  if (plugin.isError) {
    const missing = plugin.error instanceof ApiError && plugin.error.status === 404;
    return (
      <div className="empty" role="alert">
        <p data-testid="plugin-missing">{missing ? PLUGIN_TEXTS.notFound : messageOf(plugin.error)}</p>
      </div>
    );
  }
  return <PluginForm plugin={plugin.data} />;
}

function PluginForm({ plugin }: { plugin?: Plugin }) {
  const editing = Boolean(plugin);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const checks = useRef<Partial<Record<'pluginId' | 'slug', Check>>>({});
  const [checking, setChecking] = useState({ pluginId: false, slug: false });
  const slugEdited = useRef(editing);
  const [icons, setIcons] = useState<Partial<PluginIcons>>(plugin?.icons ?? {});
  const resolver = useMemo(() => pluginResolver(() => checks.current), []);
  const { register, handleSubmit, setValue, trigger, watch, setError, formState } = useForm<PluginFormValues>({
    defaultValues: plugin ? valuesOf(plugin) : emptyValues(),
    resolver,
    mode: 'onChange',
  });
  const { errors, isValid, isSubmitting, touchedFields, dirtyFields } = formState;
  const pluginId = watch('pluginId');
  const slug = watch('slug');

  // Uniqueness: 200 ms after the last keystroke, a well-formed value is asked about; the answer for the value
  // still in the field becomes its error (or clears it).
  useUniqueness(!editing, 'pluginId', pluginId, pluginApi.validatePlugin, checks, setChecking, trigger);
  useUniqueness(!editing, 'slug', slug, pluginApi.validateSlug, checks, setChecking, trigger);

  const privateAllowed = canTogglePrivate(plugin ?? null);
  const shown = (field: keyof PluginFormValues) => (touchedFields[field] || dirtyFields[field] || formState.isSubmitted ? errors[field]?.message : undefined);
  const busy = checking.pluginId || checking.slug;

  const submit = handleSubmit(async (values) => {
    try {
      if (plugin) {
        // The plugin id is never sent, the slug is fixed (spec 001 §7).
        await pluginApi.update(plugin.id, {
          name: values.name,
          description: values.description,
          readme: values.readme,
          type: values.type,
          private: values.private,
          icons,
        });
      } else {
        const body = { ...values, icons };
        await pluginApi.create(body, keys.keyFor(body));
        keys.settled();
      }
      void queryClient.invalidateQueries({ queryKey: pluginKeys.all });
      navigate('/plugin');
    } catch (error) {
      keys.settled(error);
      showServerError(error, setError, ['name', 'pluginId', 'slug', 'type', 'description']);
    }
  });

  const nameField = register('name', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      // The slug follows the name until it is edited by hand (spec 001 §5); fixed after creation.
      if (!slugEdited.current) setValue('slug', deriveSlug(event.target.value), { shouldValidate: true, shouldDirty: true });
    },
  });

  return (
    <section className="plugin-page plugin-form-page" aria-labelledby={titleId}>
      <div className="page-header">
        <h1 id={titleId}>{editing ? 'Edit Plugin' : 'New Plugin'}</h1>
      </div>
      <form className="form plugin-form" noValidate onSubmit={submit} data-testid="plugin-form">
        <TextField label="Title" autoComplete="off" maxLength={200} errors={shown('name')} {...nameField} />
        <TextField
          label="Plugin ID"
          autoComplete="off"
          spellCheck={false}
          maxLength={214}
          placeholder="@namespace/plugin-name"
          readOnly={editing}
          errors={shown('pluginId')}
          hint={editing ? PLUGIN_MESSAGES.pluginIdFixed : checking.pluginId ? 'Checking…' : ''}
          {...register('pluginId')}
        />
        <TextField
          label="Slug"
          autoComplete="off"
          spellCheck={false}
          maxLength={214}
          readOnly={editing}
          errors={shown('slug')}
          hint={editing ? PLUGIN_MESSAGES.slugFixed : checking.slug ? 'Checking…' : ''}
          {...register('slug', {
            onChange: () => {
              slugEdited.current = true;
            },
          })}
        />
        <SelectField label="Type" errors={shown('type')} {...register('type')}>
          <option value="">Choose a type</option>
          <option value="library">library</option>
          <option value="node-editor-package">node-editor-package</option>
        </SelectField>
        <TextAreaField
          label="Description (HTML)"
          className="plugin-description-input"
          maxLength={100_000}
          errors={shown('description')}
          {...register('description')}
        />
        <TextAreaField label="Readme (Markdown)" className="plugin-readme-input" maxLength={200_000} {...register('readme')} />

        <div className="plugin-private">
          <label className="plugin-switch" title={privateAllowed ? undefined : PLUGIN_TEXTS.noPrivateAgain}>
            <input
              type="checkbox"
              role="switch"
              disabled={!privateAllowed}
              aria-describedby={privateAllowed ? undefined : `${titleId}-private`}
              {...register('private')}
            />
            <span>Private</span>
          </label>
          {!privateAllowed && (
            <p id={`${titleId}-private`} className="field-hint" role="tooltip" data-testid="private-tooltip">
              {PLUGIN_TEXTS.noPrivateAgain}
            </p>
          )}
        </div>

        <IconSlots packageId={pluginId} icons={icons} onChange={setIcons} />

        <FormAlert message={errors.root?.server?.message} />
        <div className="dialog-actions">
          <Link className="btn btn-ghost" to={plugin ? `/plugin/${plugin.id}` : '/plugin'}>
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={!isValid || busy || isSubmitting} data-testid="plugin-submit">
            {isSubmitting ? 'Saving…' : editing ? 'Save' : 'Create'}
          </button>
        </div>
      </form>
    </section>
  );
}

function useUniqueness(
  enabled: boolean,
  field: 'pluginId' | 'slug',
  value: string,
  ask: (value: string) => Promise<{ available: boolean; message: string | null }>,
  checks: React.RefObject<Partial<Record<'pluginId' | 'slug', Check>>>,
  setChecking: React.Dispatch<React.SetStateAction<{ pluginId: boolean; slug: boolean }>>,
  trigger: (name: 'pluginId' | 'slug') => Promise<boolean>,
) {
  useEffect(() => {
    if (!enabled || !worthChecking(value) || checks.current[field]?.value === value) return;
    let stale = false;
    setChecking((c) => ({ ...c, [field]: true }));
    const timer = setTimeout(() => {
      ask(value)
        .then((answer) => {
          checks.current[field] = { value, message: answer.available ? null : (answer.message ?? PLUGIN_MESSAGES.invalidFormat) };
        })
        // The service checks again on create: a failed check is not an error of the field.
        .catch(() => undefined)
        .finally(() => {
          if (stale) return;
          setChecking((c) => ({ ...c, [field]: false }));
          void trigger(field);
        });
    }, CHECK_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
      setChecking((c) => ({ ...c, [field]: false }));
    };
  }, [enabled, field, value, ask, checks, setChecking, trigger]);
}

/** The four icon slots (spec 001 §3, §5): md PNG, sm SVG, uploaded through /api/upload. */
function IconSlots({ packageId, icons, onChange }: { packageId: string; icons: Partial<PluginIcons>; onChange: (icons: Partial<PluginIcons>) => void }) {
  const [state, setState] = useState<Partial<Record<IconSlot, { name?: string; error?: string; busy?: boolean }>>>({});
  const [unavailable, setUnavailable] = useState(false);
  const set = (slot: IconSlot, value: { name?: string; error?: string; busy?: boolean }) => setState((s) => ({ ...s, [slot]: value }));

  const choose = async (slot: IconSlot, kind: 'png' | 'svg', file: File | undefined) => {
    if (!file) return;
    if (!iconFits(file, kind)) return set(slot, { error: kind === 'png' ? PLUGIN_TEXTS.iconMd : PLUGIN_TEXTS.iconSm });
    set(slot, { busy: true, name: file.name });
    try {
      // Icons are plain media (the `plugin` repo takes .zip archives only).
      const media = await uploadFile(file, { folder: packageId ? `${packageId}/icons` : undefined, repo: 'media' });
      onChange({ ...icons, [slot]: media.id });
      set(slot, { name: file.name });
    } catch (error) {
      const missing = error instanceof ApiError && (error.status === 404 || error.status === 405);
      if (missing) setUnavailable(true);
      set(slot, { error: missing ? PLUGIN_TEXTS.uploadsUnavailable : messageOf(error) });
    }
  };

  return (
    <fieldset className="plugin-icons">
      <legend>Icons</legend>
      <p className="field-hint">Medium icons are PNG images, small icons SVG images; each has a light and a dark variant.</p>
      {unavailable && (
        <p className="alert alert--info" role="status">
          {PLUGIN_TEXTS.uploadsUnavailable}
        </p>
      )}
      <div className="plugin-icon-slots">
        {ICON_SLOTS.map(({ slot, label, accept, kind }) => {
          const s = state[slot];
          const id = `icon-${slot}`;
          return (
            <div key={slot} className={`field plugin-icon-slot ${s?.error ? 'field--invalid' : ''}`} data-testid="icon-slot" data-slot={slot}>
              <label htmlFor={id}>{label}</label>
              <input
                id={id}
                type="file"
                accept={accept}
                aria-describedby={s?.error ? `${id}-error` : undefined}
                onChange={(e) => {
                  void choose(slot, kind, e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              {s?.busy && (
                <p className="field-hint" role="status">
                  {PLUGIN_TEXTS.uploading}…
                </p>
              )}
              {!s?.busy && icons[slot] && (
                <p className="field-hint">
                  {s?.name ?? 'Icon set'}{' '}
                  <button
                    type="button"
                    className="link-btn"
                    onClick={() => {
                      onChange({ ...icons, [slot]: null });
                      set(slot, {});
                    }}
                  >
                    Remove
                  </button>
                </p>
              )}
              {s?.error && (
                <p id={`${id}-error`} className="field-error" role="alert">
                  {s.error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
