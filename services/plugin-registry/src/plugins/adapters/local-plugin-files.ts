import { Inject, Injectable } from '@nestjs/common';
import { open, readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { PIPELINE_CONFIG, PipelineConfig } from '../../pipeline/pipeline-config';
import { deployedPath, mediaPath } from '../../pipeline/pipeline-runner';
import { DeployedFile, PluginFiles } from '../ports/plugin-files.port';

/** The storage folder on this machine (KILN_STORAGE_DIR), as the pipeline writes it. */
@Injectable()
export class LocalPluginFiles implements PluginFiles {
  constructor(@Inject(PIPELINE_CONFIG) private readonly config: PipelineConfig) {}

  /** The first bytes of a stored upload: PK\x03\x04, or an empty archive. */
  async isZip(mediaId: string): Promise<boolean> {
    const file = await open(mediaPath(this.config.storageDir, mediaId), 'r').catch(() => null);
    if (!file) return false;
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
      return bytesRead === 4 && buffer[0] === 0x50 && buffer[1] === 0x4b && ((buffer[2] === 3 && buffer[3] === 4) || (buffer[2] === 5 && buffer[3] === 6));
    } finally {
      await file.close();
    }
  }

  async manifest(packageId: string, version: string): Promise<unknown> {
    return JSON.parse(await readFile(join(this.dir(packageId, version), 'manifest.json'), 'utf8'));
  }

  async manifestCounts(packageId: string, version: string): Promise<{ groupCount: number; nodeCount: number } | null> {
    const text = await readFile(join(this.dir(packageId, version), 'manifest.json'), 'utf8').catch(() => null);
    if (!text) return null;
    const m = JSON.parse(text);
    return { groupCount: m.groupCount ?? 0, nodeCount: m.nodeCount ?? 0 };
  }

  async deployedFile(packageId: string, version: string, path: string): Promise<DeployedFile | null> {
    const dir = this.dir(packageId, version);
    const manifest = (await this.manifest(packageId, version)) as { files: { path: string; size: number; sha256: string }[] };
    // Only a path the manifest lists (never a path built from the request alone).
    const file = manifest.files.find((f) => f.path === path);
    const abs = file && normalize(join(dir, 'files', file.path));
    if (!file || !abs!.startsWith(join(dir, 'files') + sep)) return null;
    return { path: file.path, size: file.size, sha256: file.sha256, content: await readFile(abs!) };
  }

  private dir(packageId: string, version: string): string {
    return deployedPath(this.config.storageDir, packageId, version);
  }
}
