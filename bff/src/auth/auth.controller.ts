import { Body, Controller, Get, HttpCode, HttpException, Post, Req, Res } from '@nestjs/common';
import { AUTH_MESSAGES, AuthAnswer, HttpRoutes, isAccessTokenSecret, SESSION_COOKIE, User, WorkspaceRpc } from '@kiln/contracts';
import { Request, Response } from 'express';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';
import { credentialFrom, tokenFrom } from './session';
import { authenticate } from './session.guard';
import { SESSION_MAX_AGE_MS, sessionCookieOptions } from './session-cookie';
import { SessionResolver } from './session-resolver';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionResolver,
  ) {}

  @Post('register')
  @HttpCode(201)
  async register(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthAnswer> {
    const answer = await this.services.call(WorkspaceRpc.register, { body: parse(HttpRoutes.register.body, body), ip: req.ip ?? '' });
    this.setCookie(req, res, answer.token);
    return answer;
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthAnswer> {
    const answer = await this.services.call(WorkspaceRpc.login, { body: parse(HttpRoutes.login.body, body), ip: req.ip ?? '' });
    this.setCookie(req, res, answer.token);
    return answer;
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    // An access token cannot sign anyone out (403, ADR 0065): it is revoked on the tokens page instead.
    if (this.isAccessToken(req)) await authenticate(this.sessions, req);
    const token = tokenFrom(req.headers, req.cookies);
    if (token) {
      await this.services.call(WorkspaceRpc.logout, { token });
      // Every instance drops it from its session cache and hangs up its sockets.
      await this.sessions.revoke(token);
    }
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(req));
    return { ok: true as const };
  }

  /** Uncached (the other routes need only the caller's id): a changed name shows at once (ADR 0021). */
  @Get('me')
  async me(@Req() req: Request): Promise<User> {
    if (this.isAccessToken(req)) return authenticate(this.sessions, req);
    const token = tokenFrom(req.headers, req.cookies);
    if (!token) throw new HttpException({ statusCode: 401, message: AUTH_MESSAGES.notSignedIn }, 401);
    return (await this.sessions.refresh(token)).user;
  }

  private isAccessToken(req: Request): boolean {
    const credential = credentialFrom(req.headers, req.cookies);
    return credential?.via === 'bearer' && isAccessTokenSecret(credential.token);
  }

  private setCookie(req: Request, res: Response, token: string): void {
    res.cookie(SESSION_COOKIE, token, { ...sessionCookieOptions(req), maxAge: SESSION_MAX_AGE_MS });
  }
}
