export const PLUGIN_FILES = Symbol('PluginFiles');

export interface DeployedFile {
  path: string;
  size: number;
  sha256: string;
  content: Buffer;
}

/** The storage folder: uploaded media and deployed plugin versions. */
export interface PluginFiles {
  /** Whether a stored upload starts like a zip archive. */
  isZip(mediaId: string): Promise<boolean>;
  /** The deployed version's manifest.json, parsed (throws when it is not there). */
  manifest(packageId: string, version: string): Promise<unknown>;
  /** Group and node counts of a deployed version's manifest, or null when it has none. */
  manifestCounts(packageId: string, version: string): Promise<{ groupCount: number; nodeCount: number } | null>;
  /** A file the deployed version's manifest lists, or null. */
  deployedFile(packageId: string, version: string, path: string): Promise<DeployedFile | null>;
}
