import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { CatalogItem, Model } from '@kiln/contracts';
import { Thumbnail } from '../../models/ModelItem';
import type { DisplayMode } from '../../shell/view-state';
import { Menu, MenuItem } from '../../ui/Menu';
import { DotsIcon } from '../../ui/icons';
import { BUSINESS_TEXTS, formatUsd } from '../business-texts';

/** The model's picture when it has one, else the placeholder cube of the model lists. */
export function ModelPicture({ id, preview, name }: { id: string; preview: string | null | undefined; name: string }) {
  if (preview && /^(https?:|data:image\/|\/)/.test(preview))
    return (
      <div className="thumb">
        <img src={preview} alt={`Preview of ${name}`} loading="lazy" />
      </div>
    );
  return <Thumbnail model={{ id } as Model} />;
}

interface CatalogEntryProps {
  item: CatalogItem;
  display: DisplayMode;
  meId: string | undefined;
  href: string;
  onRename?: () => void;
  onRemove?: () => void;
}

/** The item menu: Rename and Remove (spec 002 §2). */
function CatalogMenu({ item, onRename, onRemove }: Pick<CatalogEntryProps, 'item' | 'onRename' | 'onRemove'>) {
  if (!onRename && !onRemove) return null;
  return (
    <Menu
      label={`Actions for ${item.name}`}
      trigger={(props) => (
        <button type="button" className="icon-btn" aria-label={`Actions for ${item.name}`} data-testid="catalog-menu-button" {...props}>
          <DotsIcon />
        </button>
      )}
    >
      {(close) => (
        <>
          {onRename && (
            <MenuItem
              testId="catalog-menu-rename"
              onSelect={() => {
                close();
                onRename();
              }}
            >
              Rename
            </MenuItem>
          )}
          {onRemove && (
            <MenuItem
              testId="catalog-menu-remove"
              danger
              onSelect={() => {
                close();
                onRemove();
              }}
            >
              Remove
            </MenuItem>
          )}
        </>
      )}
    </Menu>
  );
}

/** Right-click opens the item's menu (spec 002 §2), where keyboard users reach it with its button. */
function openMenuOnRightClick(event: MouseEvent<HTMLElement>) {
  const button = event.currentTarget.querySelector<HTMLButtonElement>('[data-testid="catalog-menu-button"]');
  if (!button) return;
  event.preventDefault();
  if (button.getAttribute('aria-expanded') !== 'true') button.click();
}

/** One catalog item as a card (grid, compact) or a row (list); the name leads to the item page. */
export function CatalogEntry({ item, display, meId, href, onRename, onRemove }: CatalogEntryProps) {
  const byYou = meId !== undefined && item.model.author.id === meId;
  const author: ReactNode = byYou ? (
    <span className="by-you" data-testid="by-you">
      {BUSINESS_TEXTS.byYou}
    </span>
  ) : (
    <span>{item.model.author.fullName || BUSINESS_TEXTS.unknownAuthor}</span>
  );
  const common = { 'data-testid': 'catalog-item', 'data-item-name': item.name, 'data-item-id': item.id, onContextMenu: openMenuOnRightClick };
  const name = (
    <Link className="model-name catalog-link" to={href} title={item.name}>
      {item.name}
    </Link>
  );
  const price = (
    <span className="catalog-price" data-testid="catalog-price">
      {formatUsd(item.price)}
    </span>
  );
  const missing = !item.model.exists && (
    <span className="role-tag" data-testid="model-gone">
      Model deleted
    </span>
  );
  const menu = <CatalogMenu item={item} onRename={onRename} onRemove={onRemove} />;

  if (display === 'list') {
    return (
      <li className="model-row catalog-row" {...common}>
        <span className="model-row-name">
          <ModelPicture id={item.modelId} preview={item.model.preview} name={item.model.name} />
          <span className="model-row-text">
            {name}
            {missing}
          </span>
        </span>
        <span className="model-row-author">
          <span className="visually-hidden">Author: </span>
          {author}
        </span>
        <span className="model-row-date">{price}</span>
        <span className="model-row-menu">
          <span className="model-tools">{menu}</span>
        </span>
      </li>
    );
  }
  return (
    <li className={`model-card model-card--${display}`} {...common}>
      <ModelPicture id={item.modelId} preview={item.model.preview} name={item.model.name} />
      <div className="model-card-body">
        <div className="model-card-text">
          {name}
          <span className="model-meta">
            {price}
            {display === 'grid' && <> · {author}</>}
          </span>
          {display === 'compact' && byYou && <span className="model-meta">{author}</span>}
          {missing}
        </div>
        <span className="model-tools">{menu}</span>
      </div>
    </li>
  );
}
