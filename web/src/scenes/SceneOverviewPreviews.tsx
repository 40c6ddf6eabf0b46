import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ENVIRONMENT_MAP_CHANNEL, ENVIRONMENT_MAP_TEXTS } from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { sceneApi, sceneKeys, type SceneScope } from './scene-api';
import { ScenePicture } from './ScenePicture';
import { SCENE_TEXTS } from './scene-texts';
import './scenes.css';

/** The Scenes card of the assets overview (spec 001 §2, §9): up to `count` preview images of the scope's scenes, and how many there are. */
export function SceneOverviewPreviews({ scope, count }: { scope: SceneScope; count: number }) {
  const queryClient = useQueryClient();
  usePushChannel(ENVIRONMENT_MAP_CHANNEL, () => void queryClient.invalidateQueries({ queryKey: sceneKeys.all }));
  const query = useQuery({
    queryKey: [...sceneKeys.list(scope, 'scope'), 'overview'],
    queryFn: () => sceneApi.list({ scope, show: 'scope', skip: 0, limit: count }),
  });
  if (query.isPending) return <p className="asset-kind-note muted">Loading…</p>;
  if (query.isError) return <p className="asset-kind-note form-error">{messageOf(query.error)}</p>;
  const scenes = query.data.data.slice(0, count);
  if (scenes.length === 0) return <p className="asset-kind-note muted">{ENVIRONMENT_MAP_TEXTS.empty}</p>;
  return (
    <>
      <p className="asset-kind-note muted" data-testid="asset-kind-total">
        {query.data.total} {query.data.total === 1 ? SCENE_TEXTS.noun[0] : SCENE_TEXTS.noun[1]}
      </p>
      <ul className="asset-kind-previews" aria-label="First scenes">
        {scenes.map((scene) => (
          <li key={scene.id} title={scene.name} data-testid="asset-kind-preview">
            <ScenePicture item={scene} size={24} />
            <span className="visually-hidden">{scene.name}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
