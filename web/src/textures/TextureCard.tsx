import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Texture } from '@kiln/contracts';
import { COMMUNITY_MESSAGES } from '@kiln/contracts/constants';
import { TextureIcon } from '../assets/asset-icons';
import { SCENE_TEXTS } from '../scenes/scene-texts';
import { TagBadges } from '../ui/TagBadges';
import { mediaFileUrl } from './textures-api';

/** The preview image of a texture (its 512×512 PNG, drawn at 132), or the textures' icon while it has none. */
export function TexturePreviewImage({ texture, size = 132 }: { texture: Pick<Texture, 'preview' | 'name'>; size?: number }) {
  return texture.preview ? (
    <img
      className="texture-preview-img"
      src={mediaFileUrl(texture.preview.id)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      data-testid="texture-preview"
    />
  ) : (
    <span className="texture-preview-none" style={{ width: size, height: size }} data-testid="texture-preview-none">
      <TextureIcon size={Math.round(size / 3)} />
    </span>
  );
}

/** Who made it: "Published by you" for one's own (spec 002 §9's words; the scenes' table holds them), else the author's name. */
export const authorLine = (texture: Pick<Texture, 'authorId' | 'author'>, meId: string | undefined) =>
  texture.authorId === meId ? SCENE_TEXTS.publishedByYou : texture.author.fullName;

/**
 * A texture's card (spec 001 §9, spec 002 §9: 170x222, preview 132): its preview, which opens it, its name, author and
 * tags, a 'Recently published' mark while its 24 hours run (spec 001 §4), and the card's own actions.
 */
export function TextureCard({ texture, to, meId, actions }: { texture: Texture; to?: string; meId: string | undefined; actions?: ReactNode }) {
  const picture = <TexturePreviewImage texture={texture} />;
  return (
    <li className="texture-card" data-testid="texture-card" data-texture-name={texture.name} data-texture-id={texture.id}>
      {to ? (
        <Link to={to} className="texture-card-open" aria-label={`Open ${texture.name}`} data-testid="texture-open">
          {picture}
        </Link>
      ) : (
        <span className="texture-card-open">{picture}</span>
      )}
      <div className="texture-card-body">
        <span className="texture-card-name" title={texture.name} data-testid="texture-name">
          {texture.name}
        </span>
        <span className="texture-card-meta muted">
          {authorLine(texture, meId)}
          {texture.public && !texture.recentlyPublished && <span className="texture-mark"> · Community</span>}
        </span>
        {texture.recentlyPublished && (
          <span className="texture-mark texture-mark--recent" title={COMMUNITY_MESSAGES.notModerated} data-testid="texture-recent">
            {COMMUNITY_MESSAGES.recentlyPublished}
          </span>
        )}
        <TagBadges tags={texture.tags} />
      </div>
      {actions && <div className="texture-card-actions">{actions}</div>}
    </li>
  );
}
