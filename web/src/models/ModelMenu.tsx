import { Fragment, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { modelMenuRules, type ModelMenuRules } from '@kiln/domain';
import type { Model } from '@kiln/contracts';
import { MODEL_ID_COPIED, MODEL_ID_COPY_FAILED, MODEL_ID_COPY_LABEL } from '@kiln/contracts/constants';
import { preloadOn } from '../ui/lazy';
import { Menu, MenuItem, MenuSeparator } from '../ui/Menu';
import { DotsIcon } from '../ui/icons';
import { preloadModelDialogs } from './lazy-dialogs';

/** What a menu entry opens in a dialog (the rest navigate). */
export type ModelAction = 'rename' | 'delete' | 'share' | 'embed' | 'duplicate' | 'leave';

interface Entry {
  label: string;
  rule: keyof ModelMenuRules | 'always';
  testId: string;
  /** A dialog to open, or a place to go (or, for 'copyId', the model's id to the clipboard). */
  action?: ModelAction | 'copyId';
  to?: string;
  danger?: boolean;
  separatorBefore?: boolean;
}

const enc = encodeURIComponent;

/** Spec 000 §4: 'Publish' without a product, 'Restore' when the product has no publishedAt, else 'Republish'. */
export function publishEntry(model: Pick<Model, 'id' | 'productId' | 'publishedAt'>): { label: 'Publish' | 'Restore' | 'Republish'; to: string } {
  if (!model.productId) return { label: 'Publish', to: `/market/publish/${enc(model.id)}` };
  return { label: model.publishedAt ? 'Republish' : 'Restore', to: `/market/republish/${enc(model.productId)}` };
}

/** The opening modes of spec 000 §2 and where each goes. */
export const openLinks = (id: string) => ({
  edit: `/workspace/edit/${enc(id)}`,
  safeMode: `/workspace/edit/${enc(id)}?safeMode=true`,
  configurator: `/workspace/edit/${enc(id)}?configurator=true`,
  viewer: `/embed/${enc(id)}`,
});

/** Opening modes, then publishing and sharing, then the rest (spec 000 §2, rules §6). */
function modelEntries(model: Model): Entry[] {
  const links = openLinks(model.id);
  const publish = publishEntry(model);
  return [
    { label: 'Edit', rule: 'edit', testId: 'edit', to: links.edit },
    { label: 'Edit with safe mode', rule: 'safeMode', testId: 'safeMode', to: links.safeMode },
    { label: 'Configurator', rule: 'configurator', testId: 'configurator', to: links.configurator },
    { label: 'Viewer/Embed', rule: 'viewer', testId: 'viewer', to: links.viewer },
    { label: publish.label, rule: 'publish', testId: 'publish', to: publish.to, separatorBefore: true },
    { label: 'Share', rule: 'share', testId: 'share', action: 'share' },
    { label: 'Embed code', rule: 'viewer', testId: 'embed', action: 'embed' },
    { label: MODEL_ID_COPY_LABEL, rule: 'always', testId: 'copyId', action: 'copyId' },
    { label: 'Duplicate', rule: 'duplicate', testId: 'duplicate', action: 'duplicate', separatorBefore: true },
    { label: 'Rename', rule: 'rename', testId: 'rename', action: 'rename' },
    { label: 'Delete', rule: 'delete', testId: 'delete', action: 'delete', danger: true },
  ];
}

/** Shared with me (spec 000 §6): Editor, Configurator, Viewer, Share (owner only), and Leave, always there. */
function sharedEntries(model: Model): Entry[] {
  const links = openLinks(model.id);
  return [
    { label: 'Edit', rule: 'edit', testId: 'edit', to: links.edit },
    { label: 'Configurator', rule: 'configurator', testId: 'configurator', to: links.configurator },
    { label: 'Viewer/Embed', rule: 'viewer', testId: 'viewer', to: links.viewer },
    { label: 'Share', rule: 'share', testId: 'share', action: 'share', separatorBefore: true },
    { label: 'Embed code', rule: 'viewer', testId: 'embed', action: 'embed' },
    { label: MODEL_ID_COPY_LABEL, rule: 'always', testId: 'copyId', action: 'copyId' },
    { label: 'Leave', rule: 'always', testId: 'leave', action: 'leave', danger: true, separatorBefore: true },
  ];
}

interface ModelMenuProps {
  model: Model;
  onAction: (action: ModelAction) => void;
  /** The Shared with me menu instead of the owner's. */
  variant?: 'model' | 'shared';
}

/** How long the copy note stays on screen. */
const COPY_NOTE_MS = 5000;

/**
 * "Copy model ID": the id to the clipboard, and a note beside the menu button that people see and a screen
 * reader hears (a polite live region that is always there). When the clipboard refuses, the note shows the id.
 */
function useCopyId(id: string) {
  const [note, setNote] = useState<{ text: string; id?: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(id);
      setNote({ text: MODEL_ID_COPIED });
      timer.current = setTimeout(() => setNote(null), COPY_NOTE_MS);
    } catch {
      setNote({ text: MODEL_ID_COPY_FAILED, id });
    }
  };
  const element = (
    <span className="copy-note" role="status" data-testid="copy-id-note">
      {note && (
        <>
          {note.text}
          {note.id && (
            <>
              {' '}
              <span className="copy-note-id">{note.id}</span>
            </>
          )}
        </>
      )}
    </span>
  );
  return { copy, element };
}

export function ModelMenu({ model, onAction, variant = 'model' }: ModelMenuProps) {
  const navigate = useNavigate();
  const rules = modelMenuRules(model.userRole ?? 'viewer');
  const entries = variant === 'shared' ? sharedEntries(model) : modelEntries(model);
  const copyId = useCopyId(model.id);
  return (
    <>
      <Menu
        label={`Actions for ${model.name}`}
        className="model-menu"
        trigger={(props) => (
          <button
            type="button"
            className="icon-btn model-menu-button"
            aria-label={`Actions for ${model.name}`}
            data-testid="model-menu-button"
            {...preloadOn(preloadModelDialogs)}
            {...props}
          >
            <DotsIcon />
          </button>
        )}
      >
        {(close) =>
          entries.map((entry) => {
            const allowed = entry.rule === 'always' || rules[entry.rule];
            return (
              <Fragment key={entry.testId}>
                {entry.separatorBefore && <MenuSeparator />}
                <MenuItem
                  disabled={!allowed}
                  danger={entry.danger}
                  testId={`model-menu-${entry.testId}`}
                  title={!allowed ? 'Your role does not allow this' : undefined}
                  onSelect={() => {
                    close();
                    if (entry.action === 'copyId') void copyId.copy();
                    else if (entry.action) onAction(entry.action);
                    else if (entry.to) void navigate(entry.to);
                  }}
                >
                  {entry.label}
                </MenuItem>
              </Fragment>
            );
          })
        }
      </Menu>
      {copyId.element}
    </>
  );
}
