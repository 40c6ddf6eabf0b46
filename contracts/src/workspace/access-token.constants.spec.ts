import { HttpRoute, HttpRoutes } from '../http';
import { tokenAccessOf, tokenRouteArea } from './access-token.constants';

describe('the route → area table of access tokens (ADR 0065)', () => {
  it('lists every contract route, so a new route is never closed to tokens by mistake (add its prefix to TOKEN_ROUTE_AREAS)', () => {
    const unlisted = (Object.values(HttpRoutes) as HttpRoute[]).filter((route) => tokenRouteArea(route.path) === null).map((route) => route.path);
    expect(unlisted).toEqual([]);
  });

  it('puts the sign-in routes, the account and tokens apart from the areas', () => {
    expect(tokenRouteArea('/api/auth/login')).toBe('open');
    expect(tokenRouteArea('/api/auth/me')).toBe('account');
    expect(tokenRouteArea('/api/workspace/access-token/abc')).toBe('tokens');
    expect(tokenRouteArea('/api/workspace/model/abc')).toBe('models');
    expect(tokenRouteArea('/api/workspace/distinct/business-material/tags')).toBe('business');
    expect(tokenRouteArea('/api/workspace/distinct/texture/tags')).toBe('assets');
    expect(tokenRouteArea('/api/bgpm/public/plugins')).toBe('open');
    expect(tokenAccessOf('HEAD')).toBe('read');
    expect(tokenAccessOf('delete')).toBe('write');
  });
});
