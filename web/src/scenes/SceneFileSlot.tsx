import { useEffect, useId, useRef } from 'react';
import type { Media } from '@kiln/contracts';
import { acceptedExtensions, type UploadKind } from '@kiln/contracts/constants';
import { UploadIcon } from '../assets/asset-icons';
import { UploadNotice, useUploads } from '../assets/upload';

interface SceneFileSlotProps {
  kind: Extract<UploadKind, 'exr' | 'texture'>;
  label: string;
  /** The button's text. */
  choose: string;
  /** What the slot holds now (a file just uploaded, or the saved one), said under the label. */
  current?: string;
  onStored: (media: Media, file: File) => void;
  disabled?: boolean;
  /** Told whether a file is being sent (the editor waits for it before saving). */
  onBusy?: (busy: boolean) => void;
  testId: string;
}

/**
 * One file of the scene editor (the EXR, the preview image; ADR 0063), sent by the libraries' upload (ADR 0056): the
 * extension and size checked first, then POST /api/upload, whose content check by the bytes may refuse it with its
 * sentence (shown in the upload notice, 'Upload Failed').
 */
export function SceneFileSlot({ kind, label, choose, current, onStored, disabled = false, onBusy, testId }: SceneFileSlotProps) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const uploads = useUploads({ kind, onStored: async (media, file) => onStored(media, file) });
  const running = uploads.summary.running;
  useEffect(() => onBusy?.(running), [onBusy, running]);
  return (
    <div className="scene-file" data-testid={testId}>
      <p className="scene-file-label" id={labelId}>
        {label}
      </p>
      {current && <p className="muted scene-file-current">{current}</p>}
      <input
        ref={input}
        type="file"
        accept={acceptedExtensions(kind)}
        hidden
        data-testid={`${testId}-input`}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])].slice(0, 1);
          event.target.value = '';
          uploads.add(files, 'button');
        }}
      />
      <button
        type="button"
        className="btn btn-secondary"
        aria-describedby={labelId}
        disabled={disabled || uploads.summary.running}
        onClick={() => input.current?.click()}
        data-testid={`${testId}-choose`}
      >
        <UploadIcon size={18} /> {choose}
      </button>
      <UploadNotice entries={uploads.entries} summary={uploads.summary} onClose={uploads.clear} />
    </div>
  );
}
