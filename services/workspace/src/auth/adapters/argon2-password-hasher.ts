import { Injectable } from '@nestjs/common';
import type * as Argon2 from 'argon2';
import { PasswordHasher } from '../ports/password-hasher.port';

/** argon2 (a native addon) is loaded at the first hash or check: an idle service saves ~9 MiB (ADR 0016). */
let loaded: Promise<typeof Argon2> | undefined;
const argon2 = () => (loaded ??= import('argon2'));

/** argon2id, the memory-hard hash OWASP recommends first (19 MiB, 2 passes, 1 lane as its minimum). */
@Injectable()
export class Argon2PasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    const { hash, argon2id } = await argon2();
    return hash(password, { type: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    const { verify } = await argon2();
    return verify(hash, password).catch(() => false);
  }
}
