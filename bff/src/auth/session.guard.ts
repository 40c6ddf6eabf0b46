import { CanActivate, createParamDecorator, ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, isAccessTokenSecret, ResolvedAccessToken, User } from '@kiln/contracts';
import { tokenMay } from '@kiln/domain';
import { Request } from 'express';
import { credentialFrom } from './session';
import { SessionResolver } from './session-resolver';

export type AuthedRequest = Request & { user?: User; token?: string; accessToken?: ResolvedAccessToken };

/** Resolves the caller from the session (cached per instance, see SessionResolver); every route behind it knows who is asking. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await authenticate(this.sessions, context.switchToHttp().getRequest<AuthedRequest>());
    return true;
  }
}

/**
 * Sets `request.user` and `request.token` from the request's credential, or throws the 401 (SessionGuard, the
 * contract routes, the hand-written routes). An access token (`Authorization: Bearer kiln_pat_…`, ADR 0065)
 * acts as its owner within its scopes: its own rate limit (429), then the route's area and method against its
 * scopes (403 with the sentence); only as Bearer — a cookie holding one is no session.
 */
export async function authenticate(sessions: SessionResolver, request: AuthedRequest): Promise<User> {
  const credential = credentialFrom(request.headers, request.cookies);
  if (!credential) throw new HttpException({ statusCode: 401, message: AUTH_MESSAGES.notSignedIn }, 401);
  if (credential.via === 'bearer' && isAccessTokenSecret(credential.token)) {
    const token = await sessions.resolveAccessToken(credential.token);
    sessions.tokenLimits.take(token.tokenId);
    const verdict = tokenMay(token.scopes, request.method, requestPath(request), { team: token.teamId !== null });
    if (!verdict.allowed) throw new HttpException({ statusCode: verdict.status, message: verdict.message }, verdict.status);
    request.user = token.user;
    request.token = credential.token;
    request.accessToken = token;
    return token.user;
  }
  const { user } = await sessions.resolve(credential.token);
  request.user = user;
  request.token = credential.token;
  return user;
}

/** The request's path from the root, wherever the route is mounted. */
const requestPath = (request: Request) => (request.originalUrl ?? request.url).split('?')[0];

/**
 * The caller's id on the routes that answer anyone (a model's view, a plugin's files): '' for no one, also when
 * the credential does not hold or a token may not read there (it then sees what anyone sees).
 */
export const callerIdOf = (sessions: SessionResolver, request: AuthedRequest): Promise<string> =>
  credentialFrom(request.headers, request.cookies)
    ? authenticate(sessions, request).then(
        (user) => user.id,
        () => '',
      )
    : Promise.resolve('');

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): User => {
  return context.switchToHttp().getRequest<AuthedRequest>().user!;
});
