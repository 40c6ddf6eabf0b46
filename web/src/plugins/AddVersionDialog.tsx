import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Plugin, PluginVersion } from '@kiln/contracts';
import { bumpVersion, highestVersion, PLUGIN_MESSAGES, type VersionBump } from '@kiln/domain';
import { messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { pluginApi, pluginKeys } from './plugin-api';

const BUMPS: { bump: VersionBump; label: string }[] = [
  { bump: 'major', label: 'Major' },
  { bump: 'minor', label: 'Minor' },
  { bump: 'patch', label: 'Patch' },
];

/**
 * Add New Version (spec 001 §4): Major / Minor / Patch applied to the current version (the highest this plugin
 * shows, its prerelease ignored); the first is 1.0.0. The service refuses lower or reused numbers with the note's
 * sentence.
 */
export function AddVersionDialog({
  plugin,
  versions,
  onClose,
  onCreated,
}: {
  plugin: Plugin;
  versions: string[];
  onClose: () => void;
  onCreated: (v: PluginVersion) => void;
}) {
  const queryClient = useQueryClient();
  const current = highestVersion([...versions, ...(plugin.latestVersion ? [plugin.latestVersion] : [])]);
  const [bump, setBump] = useState<VersionBump>('patch');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const next = bumpVersion(current, bump);
  const noteId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      const created = await pluginApi.createVersion(plugin.id, next);
      void queryClient.invalidateQueries({ queryKey: pluginKeys.versions(plugin.id) });
      onClose();
      onCreated(created);
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <Dialog title="Add New Version" onClose={onClose}>
      <form className="form" noValidate onSubmit={submit} aria-describedby={noteId}>
        <p>
          Current version: <strong data-testid="current-version">{current ?? 'none'}</strong>
        </p>
        <fieldset className="bump-choice">
          <legend>Bump</legend>
          {BUMPS.map(({ bump: b, label }) => (
            <label key={b} className="bump-option">
              <input type="radio" name="bump" value={b} checked={bump === b} onChange={() => setBump(b)} autoFocus={b === 'patch'} />
              <span>{label}</span>
              <span className="muted">{bumpVersion(current, b)}</span>
            </label>
          ))}
        </fieldset>
        <p>
          New version: <strong data-testid="next-version">{next}</strong>
        </p>
        <p id={noteId} className="field-hint" data-testid="version-note">
          {PLUGIN_MESSAGES.versionNotHigher}
        </p>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="create-version">
            {busy ? 'Adding…' : 'Add'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
