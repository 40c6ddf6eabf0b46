import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Model, User } from '@kiln/contracts';
import { modelOpenMode } from '@kiln/domain';
import type { DisplayMode } from '../shell/view-state';
import { Avatar } from '../shell/UserMenu';
import { StarIcon } from '../ui/icons';
import { openLinks } from './ModelMenu';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

function hueOf(id: string): number {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/**
 * The card's picture: a soft gradient and an isometric cube coloured by the model id, covered by the preview
 * rendered from the model's geometry when it has one (ADR 0054); a preview not made yet hides itself.
 */
export function Thumbnail({ model }: { model: Model }) {
  const hue = hueOf(model.id);
  return (
    <div className="thumb" style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 94%), hsl(${(hue + 40) % 360} 60% 86%))` }} aria-hidden="true">
      <svg viewBox="0 0 100 100" className="thumb-cube">
        <path d="M50 14 82 32 50 50 18 32z" fill={`hsl(${hue} 55% 72%)`} />
        <path d="M18 32 50 50v38L18 70z" fill={`hsl(${hue} 45% 56%)`} />
        <path d="M82 32 50 50v38l32-18z" fill={`hsl(${hue} 50% 64%)`} />
      </svg>
      {model.geometry && (
        <img
          className="thumb-image"
          src={`/api/workspace/model/${model.id}/thumbnail?m=${model.geometry.mediaId}`}
          alt=""
          loading="lazy"
          data-testid="model-thumbnail"
          onError={(event) => (event.currentTarget.hidden = true)}
        />
      )}
    </div>
  );
}

/** The star of spec 000 §4: a toggle button, pressed when the model is one of the user's favorites. */
export function FavoriteStar({ model, favorite, onToggle }: { model: Pick<Model, 'name'>; favorite: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={`icon-btn favorite-star ${favorite ? 'favorite-star--on' : ''}`}
      aria-label={`Favorite ${model.name}`}
      aria-pressed={favorite}
      title={favorite ? 'Remove from Favorites' : 'Add to Favorites'}
      data-testid="favorite-star"
      onClick={onToggle}
    >
      <StarIcon size={18} />
    </button>
  );
}

interface ModelItemProps {
  model: Model;
  display: DisplayMode;
  /** The model's menu (the owner's, or the Shared with me one). */
  menu: ReactNode;
  /** The star, when the screen offers one. */
  star?: ReactNode;
  /** The person column: the author by default, 'Shared by' on Shared with me. */
  person?: { user: User | null | undefined; label: string };
  /** The date shown: last modified by default, the date it was shared on Shared with me. */
  date?: { iso: string; label: string };
  /** The caller's role, shown on Shared with me. */
  role?: string;
  /** A status shown in words under the name (the product's, on Published). */
  status?: ReactNode;
}

/**
 * The model's name as the link that opens it in the fullest mode the caller's role allows (ADR 0045). Its hit
 * area covers the whole card or row (CSS `.model-open::after`), so a click anywhere on it opens the model, and
 * it is the card's one place in the tab order; the star and the menu sit above it.
 */
function OpenLink({ model }: { model: Model }) {
  return (
    <Link
      className="model-name model-open"
      to={openLinks(model.id)[modelOpenMode(model.userRole ?? 'viewer')]}
      title={model.name}
      data-testid="model-open"
      // A double-click opens it once: the second click of the pair goes nowhere.
      onClick={(event) => event.detail > 1 && event.preventDefault()}
    >
      {model.name}
    </Link>
  );
}

export function ModelItem({ model, display, menu, star, person, date, role, status }: ModelItemProps) {
  const shownDate = date ?? { iso: model.updatedAt, label: 'Edited' };
  const updated = formatDate(shownDate.iso);
  const who = person ?? { user: model.author, label: 'Author' };
  const common = {
    'data-testid': 'model-item',
    'data-model-name': model.name,
    'data-model-id': model.id,
  };
  const roleTag = role && (
    <span className="role-tag" data-testid="model-role">
      {role}
    </span>
  );
  const tools = (
    <span className="model-tools">
      {star}
      {menu}
    </span>
  );

  if (display === 'list') {
    return (
      <li className="model-row" {...common}>
        <span className="model-row-name">
          <Thumbnail model={model} />
          <span className="model-row-text">
            <OpenLink model={model} />
            {roleTag}
            {status}
            {/* On phones the author and date columns give way; the date shows under the name instead. */}
            <span className="model-meta model-row-phone-meta">
              {shownDate.label} <time dateTime={shownDate.iso}>{updated}</time>
            </span>
          </span>
        </span>
        <span className="model-row-author">
          {who.user ? (
            <>
              <Avatar user={who.user} size={24} />
              <span className="model-author">
                <span className="visually-hidden">{who.label}: </span>
                {who.user.fullName}
              </span>
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </span>
        <time className="model-row-date" dateTime={shownDate.iso} title={dateTimeFormat.format(new Date(shownDate.iso))}>
          {updated}
        </time>
        <span className="model-row-menu">{tools}</span>
      </li>
    );
  }

  // On cards the star sits on the picture, so the name keeps the width of the card (down to 360 px screens).
  return (
    <li className={`model-card model-card--${display}`} {...common}>
      <Thumbnail model={model} />
      {star && <span className="model-card-star">{star}</span>}
      <div className="model-card-body">
        <div className="model-card-text">
          <OpenLink model={model} />
          <span className="model-meta">
            {display === 'grid' && `${shownDate.label} `}
            <time dateTime={shownDate.iso}>{updated}</time>
          </span>
          {person?.user && display === 'grid' && (
            <span className="model-meta">
              {person.label} {person.user.fullName}
            </span>
          )}
          {roleTag}
          {status}
        </div>
        <span className="model-tools">{menu}</span>
      </div>
    </li>
  );
}
