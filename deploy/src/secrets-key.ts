import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The key the commerce service seals store secrets with (`KILN_SECRETS_KEY`, ADR 0060): the environment's when
 * set; otherwise the one in `file` (`.data/secrets/secrets-key`), made on the first start (32 random bytes, hex,
 * mode 600) and kept, so sealed secrets still open after a restart.
 */
export function secretsKey(env: NodeJS.ProcessEnv, file: string): string {
  const given = env.KILN_SECRETS_KEY?.trim();
  if (given) return given;
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
