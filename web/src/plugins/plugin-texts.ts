import { COMMON_MESSAGES, UPLOAD_TEXTS } from '@kiln/contracts/constants';
import { PLUGIN_MESSAGES } from '@kiln/domain';
import { addKnownMessages } from '../api/messages';
import { formatDay as formatDate } from '../ui/dates';

/** Texts of the plugin screens: the spec's (001 §2, §4, §5, §8) as written, and ours (ADR 0034). */
export const PLUGIN_TEXTS = {
  empty: 'You don’t have plugins',
  notFound: PLUGIN_MESSAGES.notFound,
  idAndVersionRequired: PLUGIN_MESSAGES.idAndVersionRequired,
  noPrivateAgain: PLUGIN_MESSAGES.noPrivateAgain,
  versionNote: PLUGIN_MESSAGES.versionNotHigher,
  deleteWarning: COMMON_MESSAGES.deleteWarning,
  zipOnly: PLUGIN_MESSAGES.zipOnly,
  iconMd: PLUGIN_MESSAGES.iconMd,
  iconSm: PLUGIN_MESSAGES.iconSm,
  uploadsUnavailable: 'Uploads are not available on this server yet; you can add the icons later from Edit.',
  uploadFailed: UPLOAD_TEXTS.failed,
  uploading: UPLOAD_TEXTS.uploading,
  uploadSuccess: UPLOAD_TEXTS.success,
  noLogs: 'No logs yet.',
  versionNotFound: PLUGIN_MESSAGES.versionNotFound,
} as const;

export const FILTER_LABELS = { isPrivate: 'Private', isPublic: 'Public', all: 'All' } as const;
export const STEP_LABELS = { unzip: 'Unzip', install: 'Install Dependencies', build: 'Build', grab: 'Grab', deploy: 'Deploy' } as const;
export const STATUS_LABELS = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  running: 'Running',
  stopped: 'Stopped',
  success: 'Success',
  failed: 'Failed',
} as const;
export const VERSION_STATUS_LABELS = { pending: 'Pending', failed: 'Failed', done: 'Done', alpha: 'Alpha', published: 'Published' } as const;

// The service's sentences (domain/src/plugins) are shown as they come.
addKnownMessages(Object.values(PLUGIN_MESSAGES));

/** Last-updated dates as YYYY/MM/DD (spec 001 §9): one home for every screen (ui/dates). */
export { formatDay as formatDate } from '../ui/dates';

/** A finish time: date and hh:mm:ss. */
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}
