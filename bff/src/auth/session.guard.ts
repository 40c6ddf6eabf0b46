import { CanActivate, createParamDecorator, ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES, User } from '@kiln/contracts';
import { Request } from 'express';
import { tokenFrom } from './session';
import { SessionResolver } from './session-resolver';

type AuthedRequest = Request & { user?: User; token?: string };

/** Resolves the caller from the session (cached per instance, see SessionResolver); every route behind it knows who is asking. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = tokenFrom(request.headers, request.cookies);
    if (!token) throw new HttpException({ statusCode: 401, message: AUTH_MESSAGES.notSignedIn }, 401);
    const { user } = await this.sessions.resolve(token);
    request.user = user;
    request.token = token;
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): User => {
  return context.switchToHttp().getRequest<AuthedRequest>().user!;
});
