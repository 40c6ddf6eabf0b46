import { useState } from 'react';
import type { Model } from '@kiln/contracts';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';

/** Spec 000 §2, §9: the embed snippet is 1210x860 unless changed. */
export const EMBED_DEFAULT = { width: 1210, height: 860 } as const;
const MAX_SIZE = 10000;

export function embedSnippet(origin: string, model: Pick<Model, 'id' | 'name'>, width: number, height: number): string {
  const title = model.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    `<iframe src="${origin}/embed/${encodeURIComponent(model.id)}" width="${width}" height="${height}" title="${title}" frameborder="0" ` +
    `allowfullscreen></iframe>`
  );
}

/** A whole number of pixels from 1 to 10000, or null. */
function sizeOf(text: string): number | null {
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && value >= 1 && value <= MAX_SIZE ? value : null;
}

/** The embed code of a model: width and height fields, the snippet, and a copy button. */
export function EmbedCodeDialog({ model, onClose }: { model: Model; onClose: () => void }) {
  const [width, setWidth] = useState(String(EMBED_DEFAULT.width));
  const [height, setHeight] = useState(String(EMBED_DEFAULT.height));
  const [copied, setCopied] = useState<'' | 'done' | 'failed'>('');
  const w = sizeOf(width);
  const h = sizeOf(height);
  const snippet = embedSnippet(window.location.origin, model, w ?? EMBED_DEFAULT.width, h ?? EMBED_DEFAULT.height);
  const sizeError = `A whole number from 1 to ${MAX_SIZE}.`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Dialog title="Embed code" onClose={onClose} width={520}>
      <div className="form">
        <div className="embed-size">
          <TextField
            label="Width"
            inputMode="numeric"
            value={width}
            errors={w === null ? sizeError : undefined}
            onChange={(e) => {
              setWidth(e.target.value);
              setCopied('');
            }}
            data-testid="embed-width"
          />
          <TextField
            label="Height"
            inputMode="numeric"
            value={height}
            errors={h === null ? sizeError : undefined}
            onChange={(e) => {
              setHeight(e.target.value);
              setCopied('');
            }}
            data-testid="embed-height"
          />
        </div>
        <div className="field">
          <label htmlFor="embed-snippet">Code</label>
          <textarea
            id="embed-snippet"
            className="embed-snippet"
            readOnly
            rows={4}
            value={snippet}
            data-testid="embed-snippet"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <p className="field-hint" role="status">
          {copied === 'done' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: select the code and copy it yourself.' : ''}
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn-primary" disabled={w === null || h === null} onClick={() => void copy()} data-testid="embed-copy">
            Copy
          </button>
        </div>
      </div>
    </Dialog>
  );
}
