import { useEffect, useRef, useState, type DragEvent } from 'react';
import './upload.css';
import { UPLOAD_KIND_RULES, acceptedExtensions, type UploadKind } from '@kiln/contracts/constants';
import { UploadIcon } from '../asset-icons';
import { uploadLimitOf, type UploadVia } from './upload-checks';

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024)) || 1} MB`;

interface UploadDropzoneProps {
  kind: UploadKind;
  onFiles: (files: File[], via: UploadVia) => void;
  /** Read only (a team's viewer): nothing is taken, the button is disabled and says why. */
  disabled?: boolean;
  disabledReason?: string;
  /** The Add button's text (visible; its accessible name adds the kind's label). */
  addLabel?: string;
  compact?: boolean;
}

/**
 * Where files are added (spec 001 §2, §5): a dropzone for drag and drop and an Add button (a file input) that the
 * keyboard reaches, both taking several files; the accepted extensions and the limits are said beside them. Images
 * take 10 MB by the dropzone, 3 MB by the button (UPLOAD_KIND_RULES).
 */
export function UploadDropzone({ kind, onFiles, disabled = false, disabledReason, addLabel = 'Add', compact = false }: UploadDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const rule = UPLOAD_KIND_RULES[kind];
  const accept = acceptedExtensions(kind);
  const dropLimit = uploadLimitOf(kind, 'dropzone');
  const buttonLimit = uploadLimitOf(kind, 'button');
  const types = accept ? accept.split(',').join(', ') : 'Any';

  // Files dropped beside the zone would make the browser open them in place of the app: that drop does nothing.
  useEffect(() => {
    const ignore = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);

  const onDrag = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  return (
    <div
      className={['upload-dropzone', compact && 'upload-dropzone--compact', over && 'upload-dropzone--over', disabled && 'upload-dropzone--disabled']
        .filter(Boolean)
        .join(' ')}
      data-testid="upload-dropzone"
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={(event) => {
        // Leaving for one of its own children is still over the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        if (disabled) return;
        event.preventDefault();
        onFiles([...event.dataTransfer.files], 'dropzone');
      }}
    >
      <span className="upload-dropzone-icon" aria-hidden="true">
        <UploadIcon size={compact ? 20 : 28} />
      </span>
      <p className="upload-dropzone-text">
        {disabled ? (
          disabledReason
        ) : (
          <>
            Drop {rule.label} here ({types}, {megabytes(dropLimit)} each at most)
            {buttonLimit !== dropLimit ? `, or choose them with ${addLabel} (${megabytes(buttonLimit)} each at most).` : ` or choose them with ${addLabel}.`}
          </>
        )}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept || undefined}
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files, 'button');
        }}
      />
      <button
        type="button"
        className="btn btn-primary"
        data-testid="upload-add"
        aria-label={`${addLabel} ${rule.label}`}
        disabled={disabled}
        title={disabled ? disabledReason : undefined}
        onClick={() => input.current?.click()}
      >
        <UploadIcon size={18} /> {addLabel}
      </button>
    </div>
  );
}
