import { createHash, randomBytes } from 'node:crypto';

/** Session tokens are random; only their SHA-256 is stored, so a database leak yields no usable tokens. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const SESSION_DAYS = 30;
