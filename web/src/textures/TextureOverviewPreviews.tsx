import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../api/client';
import { TexturePreviewImage } from './TextureCard';
import { texturesApi, textureKeys, type TextureScope } from './textures-api';
import { useTextureRefresh } from './use-texture-pushes';
import './texture-overview.css';

/** The Textures card of the assets overview (spec 001 §2, §9): up to `count` previews of the scope's own textures, and how many there are. */
export function TextureOverviewPreviews({ scope, count }: { scope: TextureScope; count: number }) {
  useTextureRefresh();
  const query = useQuery({
    queryKey: [...textureKeys.own(scope), 'overview'],
    queryFn: () => texturesApi.list({ scope, skip: 0, limit: count }),
  });
  if (query.isPending) return <p className="asset-kind-note muted">Loading…</p>;
  if (query.isError) return <p className="asset-kind-note form-error">{messageOf(query.error)}</p>;
  const textures = query.data.data.slice(0, count);
  if (textures.length === 0) return <p className="asset-kind-note muted">No textures yet.</p>;
  return (
    <>
      <p className="asset-kind-note muted" data-testid="asset-kind-total">
        {query.data.total} {query.data.total === 1 ? 'texture' : 'textures'}
      </p>
      <ul className="asset-kind-previews" aria-label="First textures">
        {textures.map((texture) => (
          <li key={texture.id} title={texture.name} data-testid="asset-kind-preview">
            <TexturePreviewImage texture={texture} size={48} />
            <span className="visually-hidden">{texture.name}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
