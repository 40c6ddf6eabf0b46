import { DomainError } from '../shared/domain-error';
import { PLUGIN_MESSAGES } from './plugin-rules';

/** major.minor.patch with an optional -prerelease (build metadata not accepted). */
const VERSION = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

export interface ParsedVersion {
  major: number;
  minor: number;
  patch: number;
  prerelease: string | null;
}

export function parseVersion(text: string): ParsedVersion | null {
  const m = VERSION.exec(text.trim());
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), prerelease: m[4] ?? null } : null;
}

export function assertVersion(text: string): ParsedVersion {
  const parsed = parseVersion(text);
  if (!parsed) throw new DomainError('invalid', PLUGIN_MESSAGES.versionFormat, [{ path: 'version', message: PLUGIN_MESSAGES.versionFormat }]);
  return parsed;
}

/** Semver order: a prerelease sorts before its release; prerelease parts compare numerically or as text. */
export function compareVersions(a: string, b: string): number {
  const x = assertVersion(a);
  const y = assertVersion(b);
  for (const k of ['major', 'minor', 'patch'] as const) if (x[k] !== y[k]) return x[k] - y[k];
  if (x.prerelease === y.prerelease) return 0;
  if (x.prerelease === null) return 1;
  if (y.prerelease === null) return -1;
  const xs = x.prerelease.split('.');
  const ys = y.prerelease.split('.');
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    if (xs[i] === undefined) return -1;
    if (ys[i] === undefined) return 1;
    const [p, q] = [xs[i]!, ys[i]!];
    const [pn, qn] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (pn && qn && Number(p) !== Number(q)) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

export type VersionBump = 'major' | 'minor' | 'patch';

/**
 * Spec 001 §4: the bump applies to the current version ignoring any prerelease suffix; the first is 1.0.0.
 * 1.2.3-beta.1 + patch = 1.2.4; + minor = 1.3.0; + major = 2.0.0.
 */
export function bumpVersion(current: string | null, bump: VersionBump): string {
  if (!current) return '1.0.0';
  const { major, minor, patch } = assertVersion(current);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** The highest of the versions, or null. */
export function highestVersion(versions: readonly string[]): string | null {
  return versions.reduce<string | null>((best, v) => (best === null || compareVersions(v, best) > 0 ? v : best), null);
}

/**
 * Spec 001 §4: "versions lower than the latest published or previously used are not accepted": a new
 * version must be higher than every version the plugin ever had (deleted ones included, so a number is
 * never reused).
 */
export function assertNewVersionAccepted(version: string, usedVersions: readonly string[]): string {
  assertVersion(version);
  const normal = version.trim();
  const highest = highestVersion(usedVersions);
  if (highest !== null && compareVersions(normal, highest) <= 0) {
    throw new DomainError('invalid', PLUGIN_MESSAGES.versionNotHigher, [{ path: 'version', message: PLUGIN_MESSAGES.versionNotHigher }]);
  }
  return normal;
}
