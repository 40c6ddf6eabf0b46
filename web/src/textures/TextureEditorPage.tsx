import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Texture } from '@kiln/contracts';
import {
  acceptedExtensions,
  COMMUNITY_MESSAGES,
  COMMUNITY_NUMBER_STEP,
  TEXTURE_MAP_SLOTS,
  TEXTURE_ROTATION_MAX,
  uploadFolderOf,
  type TextureMapSlot,
} from '@kiln/contracts/constants';
import { ApiError, messageOf } from '../api/client';
import { checkUpload, sendUpload } from '../assets/upload';
import { DeleteByNameDialog } from '../teams/dialogs/DeleteByNameDialog';
import { TagsField } from '../ui/TagsField';
import { TextField } from '../ui/TextField';
import { LazyTextureSphere } from './LazyTextureSphere';
import { REJECT_TEXTS, RejectTextureDialog } from './RejectTextureDialog';
import { TEXTURE_MAP_LABELS } from './texture-sphere-parts';
import { TEXTURE_SCREEN_TEXTS } from './texture-texts';
import {
  bodyOf,
  draftErrors,
  draftOf,
  tagRefusal,
  newDraft,
  NUMBER_FIELDS,
  transformOf,
  type MapState,
  type NumberField,
  type TextureDraft,
} from './texture-form';
import { mediaFileUrl, texturesApi, textureKeys, type TextureScope } from './textures-api';
import { useTextureRefresh } from './use-texture-pushes';
import './textures.css';

export const EDITOR_TEXTS = {
  name: 'Name',
  maps: 'Maps',
  mapping: 'Mapping',
  publicLabel: 'Public',
  publicHint: 'A public texture is a community texture: anyone can add it to their library. You can edit or delete it for 24 hours after publishing.',
  choose: 'Choose image',
  replace: 'Replace',
  clear: 'Remove',
  uploading: 'Uploading…',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  delete: 'Delete',
  waitForMaps: 'Wait until the maps have finished uploading.',
  previewFailed: 'The preview image could not be made. Please try again.',
  fixErrors: 'Please correct the marked fields.',
  errorTitle: 'Error',
  readOnly: 'You can look at this texture, but not change it.',
  loading: 'Loading the texture…',
  unreadable: 'This file could not be read.',
} as const;

/** A chosen file as a data URL, which the page may show (its CSP allows images from data:, not from blob:). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

const NUMBER_LABELS: Record<NumberField, string> = {
  'offset.x': 'Offset X',
  'offset.y': 'Offset Y',
  'repeat.x': 'Repeat X',
  'repeat.y': 'Repeat Y',
  'center.x': 'Center X',
  'center.y': 'Center Y',
  rotation: 'Rotation (radians)',
  width: 'Width',
  height: 'Height',
};
/** Repeat, width, height and rotation are at least 0; rotation at most 2π (spec 001 §5): said to the input too. */
const NUMBER_BOUNDS: Partial<Record<NumberField, { min?: number; max?: number }>> = {
  'repeat.x': { min: 0 },
  'repeat.y': { min: 0 },
  rotation: { min: 0, max: TEXTURE_ROTATION_MAX },
  width: { min: 0 },
  height: { min: 0 },
};

export interface TextureEditorProps {
  scope: TextureScope;
  base: string;
  /** Editing this texture; none: a new one. */
  textureId?: string;
  /** May create in this scope (a team's owners and editors; always in the personal scope). */
  canCreate: boolean;
}

/**
 * New texture and Edit texture (spec 001 §2–§5, §9): name, tags, the six maps (png, jpeg, jpg, webp, uploaded as they
 * are chosen), offset, repeat, center, rotation, width and height (step 0.01), the public switch, and a live 3D sphere
 * wearing it all; saving makes the 512×512 preview image from the sphere and saves it with the texture. Only the author
 * edits or deletes, and a public texture only within 24 hours of publishing: otherwise the form is disabled and its
 * buttons absent (the service's `mayEdit`, ADR 0061). A load failure shows the server's message in a red 'Error' alert.
 */
export function TextureEditorPage({ scope, base, textureId, canCreate }: TextureEditorProps) {
  useTextureRefresh();
  const query = useQuery({
    queryKey: textureKeys.one(textureId ?? ''),
    queryFn: () => texturesApi.get(textureId!),
    enabled: Boolean(textureId),
    retry: false,
  });
  const titleId = useId();
  const title = textureId ? TEXTURE_SCREEN_TEXTS.editTitle : TEXTURE_SCREEN_TEXTS.newTitle;

  let body: ReactNode;
  if (!textureId) body = <TextureForm key="new" scope={scope} base={base} editable={canCreate} />;
  else if (query.isPending)
    body = (
      <p className="page-loading" role="status" aria-busy="true">
        {EDITOR_TEXTS.loading}
      </p>
    );
  else if (query.isError)
    body = (
      <div className="texture-alert texture-alert--error" role="alert" data-testid="texture-load-error">
        <strong>{EDITOR_TEXTS.errorTitle}</strong>
        <p>{messageOf(query.error)}</p>
      </div>
    );
  // Keyed by version: a change pushed from elsewhere starts the form again from the saved state only when nothing is being edited.
  else body = <TextureForm key={query.data.id} scope={scope} base={base} texture={query.data} editable={query.data.mayEdit} />;

  return (
    <section className="models-page texture-editor-page" aria-labelledby={titleId} data-testid="texture-editor">
      <div className="page-header">
        <h1 id={titleId}>{query.data ? `${title}: ${query.data.name}` : title}</h1>
        <Link to={`${base}/assets/texture`} className="btn btn-ghost">
          {EDITOR_TEXTS.cancel}
        </Link>
      </div>
      {body}
    </section>
  );
}

/** Why the form is read only, in a sentence: past the window, or not the author's. */
function readOnlyReason(texture: Texture): string {
  if (texture.public && texture.publishedAt && !texture.recentlyPublished) return COMMUNITY_MESSAGES.windowClosed;
  return COMMUNITY_MESSAGES.onlyAuthor;
}

function TextureForm({ scope, base, texture, editable }: { scope: TextureScope; base: string; texture?: Texture; editable: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TextureDraft>(() => (texture ? draftOf(texture, mediaFileUrl) : newDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const capture = useRef<(() => Promise<Blob>) | null>(null);
  const onCapture = useCallback((fn: (() => Promise<Blob>) | null) => (capture.current = fn), []);
  const tags = useQuery({ queryKey: textureKeys.tags(scope), queryFn: () => texturesApi.tags(scope), staleTime: 60_000, enabled: editable });
  const ids = { name: useId(), public: useId(), maps: useId(), mapping: useId() };

  const set = <K extends keyof TextureDraft>(key: K, value: TextureDraft[K]) => setDraft((before) => ({ ...before, [key]: value }));
  const setNumber = (field: NumberField, value: string) => setDraft((before) => ({ ...before, numbers: { ...before.numbers, [field]: value } }));
  const setMap = (slot: TextureMapSlot, change: Partial<MapState>) =>
    setDraft((before) => ({ ...before, maps: { ...before.maps, [slot]: { ...before.maps[slot], ...change } } }));

  /** A chosen image: shown at once from the file, sent through the uploads (POST /api/upload, kind texture). */
  const chooseMap = async (slot: TextureMapSlot, file: File) => {
    const refusal = checkUpload('texture', file, 'button');
    if (refusal) return setMap(slot, { state: 'failed', message: refusal.message });
    // A data URL: the app's Content-Security-Policy takes images from itself and data:, not blob: (ADR 0062).
    let url: string;
    try {
      url = await readAsDataUrl(file);
    } catch {
      return setMap(slot, { state: 'failed', message: EDITOR_TEXTS.unreadable });
    }
    setMap(slot, { url, fileName: file.name, size: file.size, mediaId: null, state: 'uploading', loaded: 0, message: undefined });
    try {
      const media = await sendUpload(file, { repo: 'texture', folder: uploadFolderOf(new Date()) }, (loaded) => setMap(slot, { loaded }));
      // Another file may have been chosen for the slot meanwhile: this one's answer is then not its map.
      setDraft((before) =>
        before.maps[slot].url === url ? { ...before, maps: { ...before.maps, [slot]: { ...before.maps[slot], mediaId: media.id, state: 'idle' } } } : before,
      );
    } catch (error) {
      setDraft((before) =>
        before.maps[slot].url === url
          ? { ...before, maps: { ...before.maps, [slot]: { ...before.maps[slot], url: null, mediaId: null, state: 'failed', message: messageOf(error) } } }
          : before,
      );
    }
  };

  const save = async () => {
    setFormError('');
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(EDITOR_TEXTS.fixErrors);
      document.getElementById(fieldId(Object.keys(found)[0]))?.focus();
      return;
    }
    if (TEXTURE_MAP_SLOTS.some((slot) => draft.maps[slot].state === 'uploading')) return setFormError(EDITOR_TEXTS.waitForMaps);
    setSaving(true);
    try {
      let previewId: string | null = texture?.previewId ?? null;
      if (capture.current) {
        let blob: Blob;
        try {
          blob = await capture.current();
        } catch {
          throw new ApiError({ statusCode: 0, message: EDITOR_TEXTS.previewFailed });
        }
        const file = new File([blob], 'preview.png', { type: 'image/png' });
        previewId = (await sendUpload(file, { repo: 'texture', folder: uploadFolderOf(new Date()) }, () => undefined)).id;
      }
      const body = bodyOf(draft, previewId);
      if (texture) await texturesApi.update(texture.id, body);
      else await texturesApi.create({ ...body, teamId: scope.teamId ?? null, projectId: scope.teamId ? (scope.projectId ?? null) : null });
      await queryClient.invalidateQueries({ queryKey: textureKeys.all });
      void navigate(`${base}/assets/texture`);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.body.errors ?? []) : [];
      if (fieldErrors.length > 0) setErrors(Object.fromEntries(fieldErrors.map((e) => [e.path, e.message])));
      setFormError(messageOf(error));
      setSaving(false);
    }
  };

  const sphere = (
    <LazyTextureSphere
      maps={Object.fromEntries(TEXTURE_MAP_SLOTS.map((slot) => [slot, draft.maps[slot].url]))}
      transform={transformOf(draft.numbers)}
      label={`3D preview of ${draft.name.trim() || 'the texture'}`}
      onCapture={editable ? onCapture : undefined}
    />
  );

  return (
    <>
      <form
        className="texture-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (editable && !saving) void save();
        }}
      >
        <div className="texture-editor-preview">{sphere}</div>
        <div className="texture-editor-fields">
          {texture?.recentlyPublished && (
            <div className="texture-alert texture-alert--caution" role="note" data-testid="texture-recently-published">
              <strong>{COMMUNITY_MESSAGES.recentlyPublished}</strong>
              <p>{COMMUNITY_MESSAGES.notModerated}</p>
            </div>
          )}
          {texture && !editable && (
            <div className="texture-alert texture-alert--info" role="note" data-testid="texture-read-only">
              <p>{readOnlyReason(texture)}</p>
            </div>
          )}
          <fieldset className="texture-fieldset" disabled={!editable || saving} data-testid="texture-form">
            <TextField
              id={fieldId('name')}
              label={EDITOR_TEXTS.name}
              value={draft.name}
              autoComplete="off"
              errors={errors.name}
              onChange={(event) => set('name', event.target.value)}
              data-testid="texture-name-input"
            />
            <TagsField
              value={draft.tags}
              onChange={(value) => set('tags', value)}
              suggestions={tags.data?.data ?? []}
              error={errors.tags}
              refuse={tagRefusal}
              disabled={!editable}
            />

            <div className="field texture-switch-field">
              <label className="texture-switch" htmlFor={ids.public}>
                <input
                  id={ids.public}
                  type="checkbox"
                  role="switch"
                  checked={draft.public}
                  aria-describedby={`${ids.public}-hint`}
                  onChange={(event) => set('public', event.target.checked)}
                  data-testid="texture-public"
                />
                <span>{EDITOR_TEXTS.publicLabel}</span>
              </label>
              <p id={`${ids.public}-hint`} className="field-hint">
                {EDITOR_TEXTS.publicHint}
              </p>
            </div>

            <h2 className="texture-editor-heading" id={ids.maps}>
              {EDITOR_TEXTS.maps}
            </h2>
            <ul className="texture-maps" aria-labelledby={ids.maps}>
              {TEXTURE_MAP_SLOTS.map((slot) => (
                <MapSlot
                  key={slot}
                  slot={slot}
                  state={draft.maps[slot]}
                  editable={editable}
                  onChoose={(file) => void chooseMap(slot, file)}
                  onClear={() => setMap(slot, { ...clearedMap })}
                />
              ))}
            </ul>

            <h2 className="texture-editor-heading" id={ids.mapping}>
              {EDITOR_TEXTS.mapping}
            </h2>
            <div className="texture-numbers" role="group" aria-labelledby={ids.mapping}>
              {NUMBER_FIELDS.map((field) => (
                <TextField
                  key={field}
                  id={fieldId(field)}
                  label={NUMBER_LABELS[field]}
                  type="number"
                  inputMode="decimal"
                  step={COMMUNITY_NUMBER_STEP}
                  min={NUMBER_BOUNDS[field]?.min}
                  max={NUMBER_BOUNDS[field]?.max}
                  value={draft.numbers[field]}
                  errors={errors[field]}
                  onChange={(event) => setNumber(field, event.target.value)}
                  data-testid={`texture-number-${field}`}
                />
              ))}
            </div>
          </fieldset>

          {formError && (
            <p className="form-error" role="alert" data-testid="form-error">
              {formError}
            </p>
          )}
          {!editable && texture?.mayReject && (
            // A moderator, within the texture's 24 hours (the service's `mayReject`).
            <div className="texture-editor-actions">
              <button type="button" className="btn btn-danger" onClick={() => setRejecting(true)} data-testid="texture-reject">
                {REJECT_TEXTS.confirm}
              </button>
            </div>
          )}
          {editable && (
            <div className="texture-editor-actions">
              {texture && (
                <button type="button" className="btn btn-ghost btn-danger-text" onClick={() => setDeleting(true)} data-testid="texture-delete">
                  {EDITOR_TEXTS.delete}
                </button>
              )}
              <button type="submit" className="btn btn-primary" disabled={saving} data-testid="texture-save">
                {saving ? EDITOR_TEXTS.saving : EDITOR_TEXTS.save}
              </button>
            </div>
          )}
        </div>
      </form>
      {/* Outside the form: React carries a submit in the dialog (a portal) up to its React ancestors. */}
      {rejecting && texture && (
        <RejectTextureDialog
          name={texture.name}
          onReject={async (reason) => {
            await texturesApi.reject(texture.id, reason);
            await queryClient.invalidateQueries({ queryKey: textureKeys.all });
            // Private again, it is no longer the moderator's to read: back to the community textures.
            void navigate(`${base}/assets/texture/community`);
          }}
          onClose={() => setRejecting(false)}
        />
      )}
      {deleting && texture && (
        <DeleteByNameDialog
          title="Delete texture"
          what="texture"
          name={texture.name}
          onConfirm={async () => {
            await texturesApi.remove(texture.id);
            await queryClient.invalidateQueries({ queryKey: textureKeys.all });
            void navigate(`${base}/assets/texture`);
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </>
  );
}

const clearedMap: MapState = { mediaId: null, url: null, fileName: '', state: 'idle', loaded: 0, size: 0 };
const fieldId = (path: string) => `texture-field-${path.replace('.', '-')}`;

/** One map slot: its image, a button that chooses a file (png, jpeg, jpg, webp), its upload's progress and its failure. */
function MapSlot({
  slot,
  state,
  editable,
  onChoose,
  onClear,
}: {
  slot: TextureMapSlot;
  state: MapState;
  editable: boolean;
  onChoose: (file: File) => void;
  onClear: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const label = TEXTURE_MAP_LABELS[slot];
  return (
    <li className="texture-map" data-testid="texture-map" data-slot={slot} data-state={state.state} data-set={state.mediaId ? 'true' : 'false'}>
      <span className="texture-map-thumb" aria-hidden="true">
        {state.url ? <img src={state.url} alt="" width={48} height={48} /> : null}
      </span>
      <span className="texture-map-text">
        <span className="texture-map-label" id={id}>
          {label}
        </span>
        <span className="texture-map-file muted">{state.state === 'uploading' ? EDITOR_TEXTS.uploading : state.fileName || 'None'}</span>
        {state.state === 'uploading' && <progress max={state.size || 1} value={state.loaded} aria-labelledby={id} />}
        {state.state === 'failed' && state.message && (
          <span className="field-error" role="alert" data-testid="texture-map-error">
            {state.message}
          </span>
        )}
      </span>
      {editable && (
        <span className="texture-map-actions">
          <input
            ref={input}
            type="file"
            accept={acceptedExtensions('texture')}
            hidden
            data-testid={`texture-map-input-${slot}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onChoose(file);
            }}
          />
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={`${state.url ? EDITOR_TEXTS.replace : EDITOR_TEXTS.choose}: ${label} map`}
            onClick={() => input.current?.click()}
          >
            {state.url ? EDITOR_TEXTS.replace : EDITOR_TEXTS.choose}
          </button>
          {state.url && (
            <button type="button" className="btn btn-ghost btn-small" aria-label={`${EDITOR_TEXTS.clear}: ${label} map`} onClick={onClear}>
              {EDITOR_TEXTS.clear}
            </button>
          )}
        </span>
      )}
    </li>
  );
}
