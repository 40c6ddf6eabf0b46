import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnvironmentMap, PushMessage } from '@kiln/contracts';
import {
  COMMUNITY_MESSAGES,
  DEFAULT_PREVIEW_GEOMETRY,
  ENVIRONMENT_MAP_CHANNEL,
  ENVIRONMENT_MAP_MESSAGES,
  PREVIEW_GEOMETRIES,
  type PreviewGeometry,
} from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { DeleteByNameDialog } from '../teams/dialogs/DeleteByNameDialog';
import { TextAreaField } from '../teams/dialogs/fields';
import { TagsField } from '../ui/TagsField';
import { TextField } from '../ui/TextField';
import { LazyScenePreview } from './LazyScenePreview';
import { mediaFileUrl, sceneApi, sceneKeys, scopeWhere, type SceneScope } from './scene-api';
import { refuseTag, sceneNameProblems } from './scene-form';
import { sceneRules } from './scene-rules';
import { SCENE_TEXTS } from './scene-texts';
import { SceneFileSlot } from './SceneFileSlot';
import '../assets/assets.css';
import './scenes.css';

export interface SceneEditorPageProps {
  scope: SceneScope;
  /** Where the scope's pages live: '' personal, `/{teamId}`, `/{teamId}/{projectId}`. */
  base: string;
}

/** The server's message in a red 'Error' alert (spec 001 §8: "Texture or scene load failure"). */
export function ErrorAlert({ message, testId = 'scene-error' }: { message: string; testId?: string }) {
  return (
    <div className="scene-alert scene-alert--error" role="alert" data-testid={testId}>
      <strong>{SCENE_TEXTS.error}</strong>
      <p>{message}</p>
    </div>
  );
}

/** New scene (/assets/scene/new) and Edit scene (/assets/scene/edit/{environmentId}), spec 001 §2, §5 (ADR 0063). */
export function SceneEditorPage({ scope, base }: SceneEditorPageProps) {
  const { environmentId } = useParams();
  const scene = useQuery({
    queryKey: sceneKeys.one(environmentId ?? ''),
    queryFn: () => sceneApi.get(environmentId!),
    enabled: Boolean(environmentId),
    retry: false,
  });
  if (!environmentId) return <SceneForm scope={scope} base={base} />;
  if (scene.isPending)
    return (
      <p className="page-loading" role="status" aria-busy="true">
        {SCENE_TEXTS.loading}
      </p>
    );
  if (scene.isError)
    return (
      <section className="models-page scene-editor">
        <h1>{SCENE_TEXTS.editTitle}</h1>
        <ErrorAlert message={messageOf(scene.error)} />
        <p>
          <Link to={`${base}/assets/scene`}>Back to the scenes</Link>
        </p>
      </section>
    );
  return <SceneForm key={scene.data.id} scope={scope} base={base} scene={scene.data} />;
}

type Bytes = { key: string; bytes: ArrayBuffer };

function SceneForm({ scope, base, scene }: SceneEditorPageProps & { scene?: EnvironmentMap }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState(scene?.name ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [description, setDescription] = useState(scene?.description ?? '');
  const [tags, setTags] = useState<string[]>(scene?.tags ?? []);
  const [isPublic, setPublic] = useState(scene?.public ?? false);
  const [envMap, setEnvMap] = useState<{ id: string; name: string } | null>(scene ? { id: scene.envMapId, name: scene.envMap?.name ?? '' } : null);
  const [preview, setPreview] = useState<{ id: string; name: string; url: string } | null>(
    scene?.previewId ? { id: scene.previewId, name: scene.preview?.name ?? '', url: mediaFileUrl(scene.previewId) } : null,
  );
  const [geometry, setGeometry] = useState<PreviewGeometry>(scene?.previewGeometry ?? DEFAULT_PREVIEW_GEOMETRY);
  const [chosenBytes, setChosenBytes] = useState<Bytes | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const [gone, setGone] = useState(false);
  // A file still being sent: Save waits for it (it would otherwise save without it).
  const [sendingExr, setSendingExr] = useState(false);
  const [sendingPreview, setSendingPreview] = useState(false);
  const sending = sendingExr || sendingPreview;
  const rules = scene ? sceneRules(scene) : undefined;
  const tagSuggestions = useQuery({ queryKey: sceneKeys.tags(scope), queryFn: () => sceneApi.tags(scope), staleTime: 60_000 });
  const readOnly = Boolean(rules && !rules.canEdit) || gone;

  // The saved scene's EXR, fetched for the preview until another file is chosen.
  const savedExr = useQuery({
    queryKey: ['environment-maps', 'exr', scene?.envMapId ?? ''],
    queryFn: async () => {
      const response = await fetch(mediaFileUrl(scene!.envMapId), { credentials: 'include' });
      if (!response.ok) throw new Error(String(response.status));
      return response.arrayBuffer();
    },
    enabled: Boolean(scene) && !chosenBytes,
    staleTime: Infinity,
    retry: false,
  });
  const exr = chosenBytes?.bytes ?? (envMap?.id === scene?.envMapId ? (savedExr.data ?? null) : null);

  // Another tab's change of this scene: a deletion says so; other changes refresh the rules (the form keeps what is typed).
  usePushChannel<EnvironmentMap>(ENVIRONMENT_MAP_CHANNEL, (message: PushMessage<EnvironmentMap>) => {
    if (!scene || message?.data?.id !== scene.id) return;
    if (message.verb === 'delete') setGone(true);
    else void queryClient.invalidateQueries({ queryKey: sceneKeys.one(scene.id) });
  });

  // A local preview image is shown from its own object URL, freed when it changes.
  useEffect(() => {
    const url = preview?.url;
    return () => {
      if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
    };
  }, [preview?.url]);

  const nameErrors = nameTouched || submitted ? sceneNameProblems(name) : [];
  const envMissing = submitted && !envMap;
  const listPath = `${base}/assets/scene`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (readOnly || saving || sending || sceneNameProblems(name).length > 0 || !envMap) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const body = { name: name.trim(), description, tags, public: isPublic, envMapId: envMap.id, previewId: preview?.id ?? null, previewGeometry: geometry };
      if (scene) await sceneApi.update(scene.id, body);
      else await sceneApi.create({ ...body, ...scopeWhere(scope) });
      await queryClient.invalidateQueries({ queryKey: sceneKeys.all });
      navigate(isPublic ? `${listPath}?show=public` : listPath);
    } catch (error) {
      setFailure(messageOf(error));
      setSaving(false);
    }
  };

  return (
    <section className="models-page scene-editor" aria-labelledby={titleId} data-testid="scene-editor">
      <div className="page-header">
        <h1 id={titleId}>{scene ? SCENE_TEXTS.editTitle : SCENE_TEXTS.newTitle}</h1>
      </div>
      {rules?.recentlyPublished && (
        <div className="scene-alert scene-alert--caution" role="note" data-testid="scene-recent-caution">
          <strong>{COMMUNITY_MESSAGES.recentlyPublished}</strong>
          <p>{COMMUNITY_MESSAGES.notModerated}</p>
        </div>
      )}
      {rules && !rules.canEdit && (
        <p className="scene-alert scene-alert--info" role="note" data-testid="scene-read-only">
          {rules.reason}
        </p>
      )}
      {gone && <ErrorAlert message={ENVIRONMENT_MAP_MESSAGES.notFound} testId="scene-gone" />}

      <div className="scene-editor-body">
        <form className="form scene-form" noValidate onSubmit={submit}>
          <fieldset className="scene-fieldset" disabled={readOnly} data-testid="scene-fieldset">
            <legend className="visually-hidden">{scene ? SCENE_TEXTS.editTitle : SCENE_TEXTS.newTitle}</legend>
            <TextField
              label={SCENE_TEXTS.name}
              value={name}
              autoComplete="off"
              errors={nameErrors}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setNameTouched(true)}
              data-testid="scene-name-input"
            />
            <TextAreaField label={SCENE_TEXTS.description} value={description} onChange={(event) => setDescription(event.target.value)} rows={4} />
            <TagsField
              label={SCENE_TEXTS.tags}
              value={tags}
              onChange={setTags}
              suggestions={tagSuggestions.data ?? []}
              refuse={refuseTag}
              disabled={readOnly}
            />

            <SceneFileSlot
              kind="exr"
              label={SCENE_TEXTS.environment}
              choose={envMap ? SCENE_TEXTS.environmentChange : SCENE_TEXTS.environmentChoose}
              current={envMap?.name ? SCENE_TEXTS.chosen(envMap.name) : undefined}
              disabled={readOnly}
              testId="scene-exr"
              onBusy={setSendingExr}
              onStored={(media, file) => {
                setEnvMap({ id: media.id, name: file.name });
                void file.arrayBuffer().then((bytes) => setChosenBytes({ key: media.id, bytes }));
              }}
            />
            {envMissing && (
              <p className="field-error" role="alert" data-testid="field-error">
                {ENVIRONMENT_MAP_MESSAGES.envMapRequired}
              </p>
            )}

            <SceneFileSlot
              kind="texture"
              label={SCENE_TEXTS.preview}
              choose={preview ? SCENE_TEXTS.previewChange : SCENE_TEXTS.previewChoose}
              current={preview?.name ? SCENE_TEXTS.chosen(preview.name) : undefined}
              disabled={readOnly}
              testId="scene-preview-image"
              onBusy={setSendingPreview}
              onStored={(media, file) => setPreview({ id: media.id, name: file.name, url: URL.createObjectURL(file) })}
            />
            {preview && (
              <img className="scene-preview-image" src={preview.url} alt={`${SCENE_TEXTS.preview}: ${preview.name}`} data-testid="scene-preview-img" />
            )}

            <div className="scene-geometry" role="radiogroup" aria-label={SCENE_TEXTS.geometry}>
              <p className="scene-file-label" aria-hidden="true">
                {SCENE_TEXTS.geometry}
              </p>
              {PREVIEW_GEOMETRIES.map((shape) => (
                <label key={shape} className="scene-geometry-option">
                  <input type="radio" name="preview-geometry" value={shape} checked={geometry === shape} onChange={() => setGeometry(shape)} />
                  {SCENE_TEXTS.geometries[shape]}
                </label>
              ))}
            </div>

            <label className="scene-public">
              <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} data-testid="scene-public" />
              {SCENE_TEXTS.publish}
            </label>
            <p className="field-hint">{SCENE_TEXTS.publishHint}</p>
          </fieldset>

          {failure && <ErrorAlert message={failure} testId="form-error" />}
          <div className="dialog-actions scene-actions">
            {scene && rules?.canDelete && !gone && (
              <button type="button" className="btn btn-ghost btn-danger-text" onClick={() => setDeleting(true)} data-testid="scene-delete">
                {SCENE_TEXTS.delete}
              </button>
            )}
            <Link className="btn btn-ghost" to={listPath}>
              {SCENE_TEXTS.cancel}
            </Link>
            {!readOnly && (
              <button type="submit" className="btn btn-primary" disabled={saving || sending} data-testid="scene-save">
                {saving ? SCENE_TEXTS.saving : sending ? SCENE_TEXTS.uploading : scene ? SCENE_TEXTS.save : SCENE_TEXTS.create}
              </button>
            )}
          </div>
        </form>

        <div className="scene-editor-preview">
          <LazyScenePreview exr={exr} geometry={geometry} name={name} />
        </div>
      </div>

      {deleting && scene && (
        <DeleteByNameDialog
          title="Delete scene"
          what="scene"
          name={scene.name}
          onConfirm={async () => {
            await sceneApi.remove(scene.id);
            await queryClient.invalidateQueries({ queryKey: sceneKeys.all });
            navigate(listPath);
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}
