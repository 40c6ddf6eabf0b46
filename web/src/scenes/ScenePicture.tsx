import { useState } from 'react';
import { SceneIcon } from '../assets/asset-icons';
import { mediaFileUrl, type EnvironmentMap } from './scene-api';

/** The scene's preview image, or its kind's icon when it has none (or it cannot be fetched). */
export function ScenePicture({ item, size }: { item: EnvironmentMap; size: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="asset-thumb asset-thumb--loaded scene-thumb">
      {item.previewId && !failed ? (
        <img src={mediaFileUrl(item.previewId)} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <span className="asset-thumb-icon" aria-hidden="true">
          <SceneIcon size={size} />
        </span>
      )}
    </span>
  );
}
