import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { AccessToken, HttpRoutes, WorkspaceRpc } from '@kiln/contracts';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';
import { AuthedRequest, SessionGuard } from './session.guard';
import { SessionResolver } from './session-resolver';

/**
 * Revoking an access token (ADR 0065): the workspace deletes it and answers its key, and this instance drops
 * it and tells every other instance (`bff.session.revoked`, flushed) before answering, so the token's next
 * request is refused everywhere. Listing and creating are pass-through routes of the contracts.
 */
@Controller()
export class AccessTokensController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionResolver,
  ) {}

  @Delete('/api/workspace/access-token/:id')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  async revoke(@Param() params: unknown, @Req() req: AuthedRequest): Promise<AccessToken> {
    const { id } = parse(HttpRoutes.revokeAccessToken.params, params);
    const revoked = await this.services.call(WorkspaceRpc.revokeAccessToken, { actor: { userId: req.user!.id }, body: { id } });
    await this.sessions.revokeKey(revoked.key);
    return revoked.token;
  }
}
