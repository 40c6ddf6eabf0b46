import { useEffect, useState } from 'react';
import type { AssetItem } from '@kiln/contracts';
import { WarningIcon } from './asset-icons';
import { assetFileUrl } from './asset-items-api';
import { LIBRARY_KINDS } from './asset-kinds';

/** Why the item's preview could not be made, when it could not (the service's sentence). */
export function previewFailure(item: AssetItem): string | undefined {
  const preview = item.preview as AssetItem['preview'] | undefined;
  return preview?.status === 'failed' ? (preview.message ?? 'No preview could be made of this file.') : undefined;
}

/** While the preview is being made, the thumbnail is asked for again after these pauses (ms). */
const RETRY_MS = [1500, 4000, 10_000, 20_000];

/**
 * An item's thumbnail (the 'thumbnail' file, a PNG of at most 512 px): a neutral icon of its kind until it is there,
 * and, when the preview could not be made, a warning icon (the card says why: `previewFailure`). While the preview is pending nothing is asked
 * for; the item's push says when it is ready. A file that still answers 404 is asked for again a few times.
 */
export function AssetThumb({ item, size = 40 }: { item: AssetItem; size?: number }) {
  const preview = item.preview as AssetItem['preview'] | undefined;
  const failed = preview?.status === 'failed' || (preview?.status === 'ready' && preview.thumbnail === false);
  // Still being made: nothing to ask for until the push that says it is ready (a preview-changed update of the item).
  const pending = preview?.status === 'pending';
  const [attempt, setAttempt] = useState(0);
  const [missing, setMissing] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!missing || failed || pending || attempt >= RETRY_MS.length) return;
    const timer = setTimeout(() => {
      setMissing(false);
      setAttempt((n) => n + 1);
    }, RETRY_MS[attempt]);
    return () => clearTimeout(timer);
  }, [missing, failed, pending, attempt]);

  // A change of the preview's state (a push) starts the asking again.
  const [seen, setSeen] = useState(preview?.status);
  if (seen !== preview?.status) {
    setSeen(preview?.status);
    setAttempt(0);
    setMissing(false);
  }

  const showImage = !failed && !pending && !missing;
  return (
    <div
      className={`thumb asset-thumb ${loaded && showImage ? 'asset-thumb--loaded' : ''}`}
      data-testid="asset-thumb"
      data-preview={failed ? 'failed' : loaded ? 'ready' : 'pending'}
    >
      {showImage && (
        <img
          key={attempt}
          src={assetFileUrl(item.kind, item.id, 'thumbnail')}
          alt=""
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => {
            setLoaded(false);
            setMissing(true);
          }}
        />
      )}
      {!(loaded && showImage) && (
        <span className="asset-thumb-icon" aria-hidden="true">
          {failed ? <WarningIcon size={size} /> : LIBRARY_KINDS[item.kind].icon(size)}
        </span>
      )}
    </div>
  );
}
