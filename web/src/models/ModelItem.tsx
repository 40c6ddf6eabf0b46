import type { Model } from '@kiln/contracts';
import type { DisplayMode } from '../shell/view-state';
import { Avatar } from '../shell/UserMenu';
import { ModelMenu, type ModelAction } from './ModelMenu';

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

/** A placeholder thumbnail: a soft gradient and an isometric cube, coloured by the model id. */
export function Thumbnail({ model }: { model: Model }) {
  const hue = hueOf(model.id);
  return (
    <div className="thumb" style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 94%), hsl(${(hue + 40) % 360} 60% 86%))` }} aria-hidden="true">
      <svg viewBox="0 0 100 100" className="thumb-cube">
        <path d="M50 14 82 32 50 50 18 32z" fill={`hsl(${hue} 55% 72%)`} />
        <path d="M18 32 50 50v38L18 70z" fill={`hsl(${hue} 45% 56%)`} />
        <path d="M82 32 50 50v38l32-18z" fill={`hsl(${hue} 50% 64%)`} />
      </svg>
    </div>
  );
}

interface ModelItemProps {
  model: Model;
  display: DisplayMode;
  onAction: (model: Model, action: ModelAction) => void;
}

export function ModelItem({ model, display, onAction }: ModelItemProps) {
  const updated = formatDate(model.updatedAt);
  const common = {
    'data-testid': 'model-item',
    'data-model-name': model.name,
    'data-model-id': model.id,
  };
  const menu = <ModelMenu model={model} onAction={(action) => onAction(model, action)} />;

  if (display === 'list') {
    return (
      <li className="model-row" {...common}>
        <span className="model-row-name">
          <Thumbnail model={model} />
          <span className="model-row-text">
            <span className="model-name" title={model.name}>{model.name}</span>
            {/* On phones the author and date columns give way; the date shows under the name instead. */}
            <span className="model-meta model-row-phone-meta">Edited <time dateTime={model.updatedAt}>{updated}</time></span>
          </span>
        </span>
        <span className="model-row-author">
          {model.author ? (
            <>
              <Avatar user={model.author} size={24} />
              <span className="model-author">{model.author.fullName}</span>
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </span>
        <time className="model-row-date" dateTime={model.updatedAt} title={dateTimeFormat.format(new Date(model.updatedAt))}>{updated}</time>
        <span className="model-row-menu">{menu}</span>
      </li>
    );
  }

  return (
    <li className={`model-card model-card--${display}`} {...common}>
      <Thumbnail model={model} />
      <div className="model-card-body">
        <div className="model-card-text">
          <span className="model-name" title={model.name}>{model.name}</span>
          <span className="model-meta">
            {display === 'grid' && 'Edited '}
            <time dateTime={model.updatedAt}>{updated}</time>
          </span>
        </div>
        {menu}
      </div>
    </li>
  );
}
