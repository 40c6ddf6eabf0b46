import { useState } from 'react';
import type { AssetItem } from '@kiln/contracts';
import { Dialog } from '../ui/Dialog';
import { DownloadIcon } from './asset-icons';
import { assetFileUrl } from './asset-items-api';
import { formatSize } from './asset-kinds';
import { previewOf } from './AssetThumb';

/**
 * An image or a vector graphic shown large (spec 001 §2). A vector graphic is shown only as its sanitised SVG (the
 * 'svg' file; a dxf's drawing) in an <img>, where no script runs and nothing is fetched: never as inline markup.
 */
export function AssetOpenDialog({ item, onClose }: { item: AssetItem; onClose: () => void }) {
  const [failed, setFailed] = useState(false);
  const preview = previewOf(item);
  const src = assetFileUrl(item.kind, item.id, item.kind === 'vector' ? 'svg' : 'original');
  const original = assetFileUrl(item.kind, item.id, 'original');
  return (
    <Dialog title={item.name} onClose={onClose} width={920}>
      <div className="asset-view" data-testid="asset-view">
        {failed || preview?.status === 'failed' ? (
          <p className="asset-view-missing" role="status">
            {preview?.message ?? 'This file cannot be shown yet. Try again in a moment.'}
          </p>
        ) : (
          <img src={src} alt={item.name} onError={() => setFailed(true)} data-testid="asset-view-image" />
        )}
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
