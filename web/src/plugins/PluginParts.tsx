import { useId, useState, type FormEvent } from 'react';
import type { Plugin } from '@kiln/contracts';
import { messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { PLUGIN_TEXTS } from './plugin-texts';

/** A loading spinner with its words for assistive technology. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="plugin-spinner-wrap" role="status" aria-live="polite" data-testid="plugin-spinner">
      <span className="plugin-spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The plugin's initials in place of an icon (icons are media records; their previews come with the assets screens). */
export function PluginMark({ plugin, size = 44 }: { plugin: Pick<Plugin, 'initials' | 'name'>; size?: number }) {
  return (
    <span className="plugin-mark" style={{ width: size, height: size, fontSize: size / 2.6 }} aria-hidden="true">
      {plugin.initials || plugin.name.slice(0, 2).toUpperCase()}
    </span>
  );
}

type P = { size?: number };
const Svg = ({ size = 18, children }: P & { children: React.ReactNode }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);
export const SuccessIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 3 3 5-6" />
  </Svg>
);
export const FailedIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </Svg>
);
export const RunningIcon = (p: P) => (
  <Svg {...p}>
    <path d="M12 3a9 9 0 1 0 9 9" />
  </Svg>
);
export const PendingIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
export const StoppedIcon = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 9h6v6H9z" />
  </Svg>
);
export const UploadIcon = (p: P) => (
  <Svg {...p}>
    <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
  </Svg>
);
export const TrashIcon = (p: P) => (
  <Svg {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
export const RocketIcon = (p: P) => (
  <Svg {...p}>
    <path d="M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M14 4c3-1 6-1 6-1s0 3-1 6l-7 7-5-5z" />
    <circle cx="15" cy="9" r="1.5" />
  </Svg>
);
export const HammerIcon = (p: P) => (
  <Svg {...p}>
    <path d="m14 6 4 4M3 21l9-9M12 4l8 8-3 3-8-8z" />
  </Svg>
);
export const EyeOffIcon = (p: P) => (
  <Svg {...p}>
    <path d="M3 3l18 18M10.6 6.1A9.7 9.7 0 0 1 12 6c6 0 9.5 6 9.5 6a17 17 0 0 1-2.7 3.4M6.6 6.6A17 17 0 0 0 2.5 12S6 18 12 18a9 9 0 0 0 4.4-1.1" />
  </Svg>
);

export function ActionStatusIcon({ status }: { status: string }) {
  if (status === 'success') return <SuccessIcon />;
  if (status === 'failed') return <FailedIcon />;
  if (status === 'running') return <RunningIcon />;
  if (status === 'stopped') return <StoppedIcon />;
  return <PendingIcon />;
}

/**
 * A delete that asks for the exact value typed (spec 001 §4, §5): the confirm button stays disabled until the
 * text equals `expected`; it opens with the spec's warning.
 */
export function TypedDeleteDialog({
  title,
  what,
  expected,
  placeholder,
  onConfirm,
  onClose,
}: {
  title: string;
  what: string;
  expected: string;
  placeholder?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const inputId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed !== expected) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="warning" role="note">
          {PLUGIN_TEXTS.deleteWarning}
        </p>
        <div className="field">
          <label htmlFor={inputId}>
            Type <strong>{expected}</strong> to delete {what}
          </label>
          <input
            id={inputId}
            autoComplete="off"
            value={typed}
            placeholder={placeholder}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="typed-confirm"
          />
        </div>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={typed !== expected || busy} data-testid="typed-confirm-submit">
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
