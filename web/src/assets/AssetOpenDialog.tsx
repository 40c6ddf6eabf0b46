import { useState, type ReactNode } from 'react';
import type { AssetItem } from '@kiln/contracts';
import { ASSET_ITEM_MESSAGES } from '@kiln/contracts/constants';
import { Dialog } from '../ui/Dialog';
import { LazyModelViewer } from '../viewer/LazyModelViewer';
import { DownloadIcon } from './asset-icons';
import { assetFileUrl } from './asset-items-api';
import { formatSize } from './asset-kinds';

/**
 * An item opened (spec 001 §2): an image shown large; a vector graphic only as its sanitised SVG (the 'svg' file; a
 * dxf's drawing) in an <img>, where no script runs and nothing is fetched: never as inline markup; a 3D object in
 * the three.js viewer. While the file to show is being made it says so and shows it once made (the item passed in is
 * the list's latest); a preview that failed says why.
 */
/** While the file to show is being derived; the dialog shows it when the item's push says it is ready. */
const PREPARING = 'This file is being prepared for viewing…';

export function AssetOpenDialog({ item, onClose }: { item: AssetItem; onClose: () => void }) {
  const preview = item.preview as AssetItem['preview'] | undefined;
  // The file an <img> could not load: asked for again when the item's preview changes (its push).
  const [failedFor, setFailedFor] = useState<string>();
  const stamp = `${preview?.status}-${preview?.svg}-${preview?.view}`;
  const original = assetFileUrl(item.kind, item.id, 'original');
  // An image shows its original; a vector graphic and a 3D object need what the assets service derives from it.
  const needs = item.kind === 'vector' ? preview?.svg : item.kind === 'object3d' ? preview?.view : true;
  let body: ReactNode;
  if (preview?.status === 'failed' && item.kind !== 'image') {
    body = <p className="asset-view-missing">{preview.message ?? ASSET_ITEM_MESSAGES.fileNone}</p>;
  } else if (preview?.status === 'pending' && item.kind !== 'image') {
    body = (
      <p className="asset-view-missing" role="status" data-testid="asset-view-pending">
        {PREPARING}
      </p>
    );
  } else if (preview?.status === 'ready' && !needs) {
    body = <p className="asset-view-missing">{ASSET_ITEM_MESSAGES.fileNone}</p>;
  } else if (item.kind === 'object3d') {
    // The 3D viewer (ADR 0054) on the object's viewer file: every format converted to one glb by the assets service.
    body = <LazyModelViewer src={assetFileUrl(item.kind, item.id, 'view')} title={item.name} />;
  } else if (failedFor === stamp) {
    body = <p className="asset-view-missing">{ASSET_ITEM_MESSAGES.fileNotReady}</p>;
  } else {
    body = (
      <img
        src={assetFileUrl(item.kind, item.id, item.kind === 'vector' ? 'svg' : 'original')}
        alt={item.name}
        onError={() => setFailedFor(stamp)}
        data-testid="asset-view-image"
      />
    );
  }
  return (
    <Dialog title={item.name} onClose={onClose} width={920}>
      <div className={`asset-view ${item.kind === 'object3d' ? 'asset-view--3d' : ''}`} data-testid="asset-view">
        {body}
      </div>
      <div className="dialog-actions">
        <span className="muted asset-view-meta">
          {item.media.mimetype} · {formatSize(item.media.size)}
        </span>
        <a className="btn btn-ghost" href={original} download={item.name} data-testid="asset-view-download">
          <DownloadIcon size={18} /> Download
        </a>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
