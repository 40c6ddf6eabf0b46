import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_TEXTS } from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { pluginApi, pluginKeys, pluginUploadFolder, uploadFile } from './plugin-api';
import { applyVersion } from './plugin-pushes';
import { PLUGIN_TEXTS } from './plugin-texts';
import { UploadIcon } from './PluginParts';

type Progress = { state: 'uploading' | 'success' | 'failed'; message: string } | null;

/**
 * Upload zip (spec 001 §4, §5, §7, §8): .zip only, sent to /api/upload (folder `pluginId/version` with dots as
 * underscores, repo `plugin`), then attached with assign-zip-file. Highlighted while the version takes a zip.
 */
export function UploadZip({
  recordId,
  packageId,
  version,
  enabled,
  className = '',
}: {
  recordId: string;
  packageId: string;
  version: string;
  enabled: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Progress>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.zip')) {
      setProgress({ state: 'failed', message: `${PLUGIN_TEXTS.uploadFailed}: ${PLUGIN_TEXTS.zipOnly}` });
      return;
    }
    setProgress({ state: 'uploading', message: `${PLUGIN_TEXTS.uploading}: ${UPLOAD_TEXTS.uploadingCount(0, 1)}` });
    try {
      const media = await uploadFile(file, { folder: pluginUploadFolder(packageId, version), repo: 'plugin' });
      applyVersion(queryClient, await pluginApi.assignZip(recordId, version, media.id));
      void queryClient.invalidateQueries({ queryKey: pluginKeys.versions(recordId) });
      void queryClient.invalidateQueries({ queryKey: pluginKeys.actions(recordId, version) });
      setProgress({ state: 'success', message: `${PLUGIN_TEXTS.uploadSuccess}: ${UPLOAD_TEXTS.successCount(1, 1)}` });
    } catch (error) {
      setProgress({ state: 'failed', message: `${PLUGIN_TEXTS.uploadFailed}: ${UPLOAD_TEXTS.failedCount(1)}. ${messageOf(error)}` });
    }
  };

  return (
    <div className={`upload-zip ${className}`}>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid="zip-input"
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <button
        type="button"
        className={`btn ${enabled ? 'btn-primary' : 'btn-ghost'}`}
        disabled={!enabled || progress?.state === 'uploading'}
        onClick={() => input.current?.click()}
        data-testid="upload-zip"
      >
        <UploadIcon /> Upload zip
      </button>
      <p className={`upload-progress ${progress?.state === 'failed' ? 'upload-progress--failed' : ''}`} role="status" data-testid="upload-progress">
        {progress?.message ?? ''}
      </p>
    </div>
  );
}
