import { CanActivate, createParamDecorator, ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, User } from '@kiln/contracts';
import { Request } from 'express';
import { tokenFrom } from './session';
import { SessionResolver } from './session-resolver';

export type AuthedRequest = Request & { user?: User; token?: string };

/** Resolves the caller from the session (cached per instance, see SessionResolver); every route behind it knows who is asking. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await authenticate(this.sessions, context.switchToHttp().getRequest<AuthedRequest>());
    return true;
  }
}

/** Sets `request.user` and `request.token` from the request's session, or throws the 401 (SessionGuard, the contract routes). */
export async function authenticate(sessions: SessionResolver, request: AuthedRequest): Promise<User> {
  const token = tokenFrom(request.headers, request.cookies);
  if (!token) throw new HttpException({ statusCode: 401, message: AUTH_MESSAGES.notSignedIn }, 401);
  const { user } = await sessions.resolve(token);
  request.user = user;
  request.token = token;
  return user;
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): User => {
  return context.switchToHttp().getRequest<AuthedRequest>().user!;
});
