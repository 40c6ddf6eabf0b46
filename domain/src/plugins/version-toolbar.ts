/** Spec 001 §9: a published version can be unpublished within 24 hours of publishedAt. */
export const UNPUBLISH_WINDOW_MS = 24 * 60 * 60 * 1000;

export type VersionStatus = 'pending' | 'failed' | 'done' | 'alpha' | 'published';

export interface ToolbarVersion {
  version: string;
  status: VersionStatus;
  publishedAt: Date | string | null;
  /** A zip is attached. */
  hasZip: boolean;
  /** A pipeline job is scheduled or running. */
  running: boolean;
}

export interface VersionToolbar {
  /** Upload zip: hidden once published; enabled (highlighted) only while pending or failed. */
  upload: { shown: boolean; enabled: boolean };
  /** Run the pipeline on the attached zip (POST plugin-action/publish from pending or failed; ADR 0025). */
  build: { shown: boolean; enabled: boolean };
  /** Publish alpha: developers only, when done. */
  publishAlpha: { shown: boolean; enabled: boolean };
  /** Publish / Unpublish: when alpha or published; Unpublish only within 24 h of publishedAt. */
  publishToggle: { shown: boolean; enabled: boolean; label: 'Publish' | 'Unpublish' };
  /** Delete version: never a published one, nor 0.0.0, nor while the pipeline runs. */
  delete: { shown: boolean; enabled: boolean };
}

export const withinUnpublishWindow = (publishedAt: Date | string | null, now: Date): boolean =>
  publishedAt !== null && now.getTime() - new Date(publishedAt).getTime() <= UNPUBLISH_WINDOW_MS;

/** The version page's toolbar (spec 001 §4), one rule set for the web app and the service. The clock comes in. */
export function versionToolbar(v: ToolbarVersion, who: { isAuthor: boolean; isDeveloper: boolean }, now: Date): VersionToolbar {
  const open = v.status === 'pending' || v.status === 'failed';
  const mine = who.isAuthor;
  const published = v.status === 'published';
  return {
    upload: { shown: mine && !published, enabled: mine && open && !v.running },
    build: { shown: mine && open, enabled: mine && open && v.hasZip && !v.running },
    publishAlpha: { shown: mine && who.isDeveloper && v.status === 'done', enabled: mine && who.isDeveloper && v.status === 'done' },
    publishToggle: {
      shown: mine && (v.status === 'alpha' || published),
      enabled: mine && (v.status === 'alpha' || (published && withinUnpublishWindow(v.publishedAt, now))),
      label: published ? 'Unpublish' : 'Publish',
    },
    delete: { shown: mine, enabled: mine && !published && v.version !== '0.0.0' && !v.running },
  };
}
