import { useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ENVIRONMENT_MAP_CHANNEL, ENVIRONMENT_MAP_MESSAGES, LIST_LIMIT_MAX } from '@kiln/contracts/constants';
import { addKnownMessages } from '../api/messages';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { mediaFileUrl, sceneApi, sceneKeys, type EnvironmentMap, type SceneScope } from './scene-api';
import { SCENE_TEXTS } from './scene-texts';

// A chosen scene that is gone or not readable says so as the service writes it.
addKnownMessages([ENVIRONMENT_MAP_MESSAGES.notFound]);

/** The scene a viewer lights a model with (ADR 0063): its EXR's address and its name, for `ModelViewer`'s `environment`. */
export const environmentOf = (scene: Pick<EnvironmentMap, 'envMapId' | 'name'>) => ({ url: mediaFileUrl(scene.envMapId), name: scene.name });

/** The chosen scene, read again by its id (from the address): null while there is none or it cannot be read. */
export function useChosenScene(id: string | null) {
  return useQuery({ queryKey: sceneKeys.one(id ?? ''), queryFn: () => sceneApi.get(id!), enabled: Boolean(id), retry: false });
}

/**
 * The viewer page's scene choice (ADR 0063): the scenes of the model's scope (its team and project, or the caller's
 * personal ones for a personal model), or none (the viewer's own lights). Any role on the model may choose: it changes
 * only this view, kept in the address (`?scene=`), never the model.
 */
export function SceneChooser({
  scope,
  value,
  chosen,
  onChange,
}: {
  scope: SceneScope;
  value: string | null;
  /** The chosen scene when it is read (it may be one the list does not hold, e.g. a community scene in the address). */
  chosen?: EnvironmentMap | null;
  onChange: (id: string | null) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  // A scene made, renamed or deleted elsewhere shows in the choice.
  usePushChannel(ENVIRONMENT_MAP_CHANNEL, () => void queryClient.invalidateQueries({ queryKey: sceneKeys.all }));
  const scenes = useQuery({
    queryKey: [...sceneKeys.list(scope, 'scope'), 'chooser'],
    queryFn: () => sceneApi.list({ scope, show: 'scope', skip: 0, limit: LIST_LIMIT_MAX }),
  });
  const items = scenes.data?.data ?? [];
  const known = value === null || items.some((s) => s.id === value);
  return (
    <div className="scene-chooser">
      <label htmlFor={id}>{SCENE_TEXTS.lightWith}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        disabled={scenes.isPending}
        aria-describedby={`${id}-hint`}
        data-testid="viewer-scene"
      >
        <option value="">{SCENE_TEXTS.lightWithNone}</option>
        {items.map((scene) => (
          <option key={scene.id} value={scene.id}>
            {scene.name}
          </option>
        ))}
        {!known && value && <option value={value}>{chosen?.id === value ? chosen.name : SCENE_TEXTS.lightWith}</option>}
      </select>
      <span id={`${id}-hint`} className="visually-hidden">
        {scenes.isSuccess && items.length === 0 ? SCENE_TEXTS.noScenes : SCENE_TEXTS.lightHint}
      </span>
    </div>
  );
}
