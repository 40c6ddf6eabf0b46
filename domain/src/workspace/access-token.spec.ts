import { ACCESS_TOKENS_MAX, TOKEN_SCOPES } from '@kiln/contracts';
import {
  ACCESS_TOKEN_MESSAGES,
  accessTokenErrors,
  accessTokenLive,
  beyondScopeMessage,
  checkMayManageTeamTokens,
  checkNewAccessToken,
  lastUsedIsStale,
  normalizeScopes,
  scopesAllow,
  tokenMay,
} from './access-token';

const now = new Date('2026-11-26T08:00:00Z');

describe('access token rules (ADR 0065)', () => {
  it('write includes read; read is read only; other areas are closed', () => {
    expect(scopesAllow(['models:read'], 'models', 'read')).toBe(true);
    expect(scopesAllow(['models:read'], 'models', 'write')).toBe(false);
    expect(scopesAllow(['models:write'], 'models', 'read')).toBe(true);
    expect(scopesAllow(['models:write'], 'business', 'read')).toBe(false);
  });

  it('maps routes to areas: GET reads, other methods write, beyond the scope a sentence naming it', () => {
    expect(tokenMay(['models:read'], 'GET', '/api/workspace/model')).toEqual({ allowed: true });
    expect(tokenMay(['models:read'], 'POST', '/api/workspace/model')).toEqual({ allowed: false, status: 403, message: beyondScopeMessage('models', 'write') });
    expect(tokenMay(['models:read'], 'GET', '/api/workspace/business-order')).toMatchObject({ message: beyondScopeMessage('business', 'read') });
    expect(tokenMay(['plugins:write'], 'PATCH', '/api/bgpm/plugin/update-plugin/x')).toEqual({ allowed: true });
    expect(tokenMay(['assets:read'], 'GET', '/api/workspace/font')).toEqual({ allowed: true });
    expect(beyondScopeMessage('models', 'write')).toBe('This access token cannot change models: it needs the models:write scope.');
  });

  it('never makes, lists or revokes tokens, never changes the account, and is refused on routes the table does not list', () => {
    const all = [...TOKEN_SCOPES];
    expect(tokenMay(all, 'POST', '/api/workspace/access-token')).toMatchObject({ allowed: false, message: ACCESS_TOKEN_MESSAGES.notForTokens });
    expect(tokenMay(all, 'GET', '/api/workspace/access-token')).toMatchObject({ allowed: false, message: ACCESS_TOKEN_MESSAGES.notForTokens });
    // A team token never reaches what is about its maker alone; a personal token does.
    for (const path of ['/api/notification/user-notification/count', '/api/workspace/user-favorite/my', '/api/workspace/shared-model/my']) {
      expect(tokenMay(all, 'GET', path, { team: true })).toEqual({ allowed: false, status: 403, message: ACCESS_TOKEN_MESSAGES.notForTeamTokens });
      expect(tokenMay(all, 'GET', path)).toEqual({ allowed: true });
    }
    expect(tokenMay(all, 'GET', '/api/workspace/model', { team: true })).toEqual({ allowed: true });
    expect(tokenMay(all, 'PATCH', '/api/auth/me')).toMatchObject({ allowed: false, message: ACCESS_TOKEN_MESSAGES.notForAccount });
    expect(tokenMay(all, 'POST', '/api/auth/logout')).toMatchObject({ allowed: false, message: ACCESS_TOKEN_MESSAGES.notForAccount });
    expect(tokenMay(all, 'GET', '/api/auth/me')).toEqual({ allowed: true });
    expect(tokenMay(['assets:read'], 'GET', '/api/events')).toEqual({ allowed: true });
    expect(tokenMay(all, 'GET', '/api/integrations/webhook')).toMatchObject({ allowed: false, message: ACCESS_TOKEN_MESSAGES.notForIntegrations });
    expect(tokenMay(all, 'GET', '/api/not-listed')).toMatchObject({ allowed: false, message: ACCESS_TOKEN_MESSAGES.notHere });
  });

  it('checks a new token: name, scopes, expiry ahead, unique name, at most the maximum', () => {
    expect(accessTokenErrors({ name: ' ', scopes: [], expiresAt: new Date('2026-11-25T00:00:00Z') }, now).map((e) => e.path)).toEqual([
      'name',
      'scopes',
      'expiresAt',
    ]);
    expect(
      checkNewAccessToken({ name: ' CI ', scopes: ['models:write', 'bogus', 'models:read', 'models:write'], expiresAt: null }, now, { names: [], count: 0 }),
    ).toEqual({
      name: 'CI',
      scopes: ['models:read', 'models:write'],
    });
    expect(() => checkNewAccessToken({ name: 'ci', scopes: ['models:read'], expiresAt: null }, now, { names: ['CI'], count: 1 })).toThrow(
      ACCESS_TOKEN_MESSAGES.nameTaken,
    );
    expect(() => checkNewAccessToken({ name: 'x', scopes: ['models:read'], expiresAt: null }, now, { names: [], count: ACCESS_TOKENS_MAX })).toThrow(
      ACCESS_TOKEN_MESSAGES.tooMany,
    );
    expect(normalizeScopes(['business:read', 'assets:write'])).toEqual(['assets:write', 'business:read']);
  });

  it('team tokens are for owners; expiry and last-used timing', () => {
    expect(() => checkMayManageTeamTokens('editor')).toThrow(ACCESS_TOKEN_MESSAGES.teamOwnersOnly);
    expect(() => checkMayManageTeamTokens(null)).toThrow(ACCESS_TOKEN_MESSAGES.teamOwnersOnly);
    expect(() => checkMayManageTeamTokens('owner')).not.toThrow();
    expect(accessTokenLive(null, now)).toBe(true);
    expect(accessTokenLive(now, now)).toBe(false);
    expect(lastUsedIsStale(null, now)).toBe(true);
    expect(lastUsedIsStale(new Date(now.getTime() - 30_000), now)).toBe(false);
    expect(lastUsedIsStale(new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});
