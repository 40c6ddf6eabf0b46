import { AccessToken, ResolvedAccessToken } from '@kiln/contracts';

export const ACCESS_TOKEN_REPOSITORY = Symbol('AccessTokenRepository');

/** Whose tokens: a person's personal ones, or a team's. */
export interface TokenOwner {
  userId: string;
  teamId: string | null;
}

/** A token as stored (never its secret). */
export interface StoredAccessToken {
  id: string;
  tokenHash: string;
  hint: string;
  userId: string;
  teamId: string | null;
  name: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** Access tokens are authentication state, like sessions (ADR 0007, 0065): written directly, no events. */
export interface AccessTokenRepository {
  /** The names and the number of the live and expired tokens of one owner (personal: the person's; team: the team's). */
  namesOf(owner: TokenOwner): Promise<string[]>;
  insert(token: StoredAccessToken): Promise<void>;
  findById(id: string): Promise<StoredAccessToken | null>;
  /** Deletes the token; false when it was already gone. */
  delete(id: string): Promise<boolean>;
  /** Writes the last-used time (the caller decides how often, see lastUsedIsStale). */
  touch(id: string, at: Date): Promise<void>;
}

export const ACCESS_TOKEN_READ_MODEL = Symbol('AccessTokenReadModel');

/** A resolved token and when it was last used (so the use case knows whether to write it again). */
export interface TokenResolution {
  resolved: ResolvedAccessToken;
  lastUsedAt: Date | null;
}

export interface AccessTokenReadModel {
  /** The owner's tokens, newest first. */
  list(owner: TokenOwner): Promise<AccessToken[]>;
  /**
   * The live token with this hash and whom it acts as, or null: unknown, expired at `now`, or a team token
   * whose maker is no longer an active owner of its team.
   */
  resolve(tokenHash: string, now: Date): Promise<TokenResolution | null>;
}
