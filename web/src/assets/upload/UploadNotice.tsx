import { CloseIcon } from '../../ui/icons';
import './upload.css';
import { summaryTexts, type UploadEntry, type UploadSummary } from './use-uploads';

const STATE_LABELS: Record<UploadEntry['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  saving: 'Adding to the library',
  done: 'Uploaded',
  failed: 'Failed',
};

/**
 * The upload notification (spec 001 §4, §8): 'Uploading' with the running count, then 'Upload Success' and, when
 * any file failed or was refused, the red 'Upload Failed'. The counts are announced (a status, and an alert for the
 * failure); each file has its progress bar and, on failure, why.
 */
export function UploadNotice({ entries, summary, onClose }: { entries: UploadEntry[]; summary: UploadSummary; onClose: () => void }) {
  const texts = summaryTexts(summary);
  const visible = summary.total > 0;
  return (
    <div className={`upload-notice ${visible ? '' : 'upload-notice--empty'}`} data-testid="upload-notice">
      <div role="status" className="upload-notice-status">
        {texts.uploading && (
          <p className="upload-notice-line" data-testid="upload-uploading">
            <strong>{texts.uploading[0]}</strong> <span>{texts.uploading[1]}</span>
          </p>
        )}
        {texts.success && (
          <p className="upload-notice-line upload-notice-line--success" data-testid="upload-success">
            <strong>{texts.success[0]}</strong> <span>{texts.success[1]}</span>
          </p>
        )}
      </div>
      <div role="alert" className="upload-notice-alert">
        {texts.failed && (
          <p className="upload-notice-line upload-notice-line--failed" data-testid="upload-failed">
            <strong>{texts.failed[0]}</strong> <span>{texts.failed[1]}</span>
          </p>
        )}
      </div>
      {visible && (
        <>
          <ul className="upload-files" aria-label="Files">
            {entries.map((entry) => (
              <li key={entry.key} className={`upload-file upload-file--${entry.state}`} data-testid="upload-file" data-state={entry.state}>
                <span className="upload-file-name" title={entry.name}>
                  {entry.name}
                </span>
                <span className="upload-file-state">{STATE_LABELS[entry.state]}</span>
                {entry.state !== 'failed' && (
                  <progress
                    className="upload-file-bar"
                    aria-label={`${entry.name} sent`}
                    max={Math.max(entry.size, 1)}
                    value={entry.state === 'done' || entry.state === 'saving' ? Math.max(entry.size, 1) : Math.min(entry.loaded, entry.size)}
                  />
                )}
                {entry.message && <span className="upload-file-message">{entry.message}</span>}
              </li>
            ))}
          </ul>
          {!summary.running && (
            <button
              type="button"
              className="icon-btn upload-notice-close"
              aria-label="Close the upload notification"
              onClick={onClose}
              data-testid="upload-close"
            >
              <CloseIcon size={18} />
            </button>
          )}
        </>
      )}
    </div>
  );
}
