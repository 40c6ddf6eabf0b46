import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthAnswer, User, WorkspaceRpc } from '@kiln/contracts';
import { nsSubject, ServiceRuntime } from '@kiln/service-kit';
import { LogInCommand } from '../auth/commands/log-in/log-in.command';
import { LogOutCommand } from '../auth/commands/log-out/log-out.command';
import { RegisterUserCommand } from '../auth/commands/register-user/register-user.command';
import { SignedIn } from '../auth/commands/register-user/register-user.command';
import { ResolveSessionQuery } from '../auth/queries/resolve-session/resolve-session.query';
import { ProjectUsersOnUserRegistered } from '../users/projections/project-users-on-user-registered';

/** The NATS face of sign-up, sign-in and sessions. Every request is validated against its contract here too. */
@Controller()
export class AuthRpcController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly runtime: ServiceRuntime,
  ) {}

  @MessagePattern(nsSubject(WorkspaceRpc.register.subject))
  async register(@Payload() payload: unknown): Promise<AuthAnswer> {
    const { body } = WorkspaceRpc.register.request.parse(payload);
    return this.answer(await this.commands.execute(new RegisterUserCommand(body)));
  }

  @MessagePattern(nsSubject(WorkspaceRpc.login.subject))
  async login(@Payload() payload: unknown): Promise<AuthAnswer> {
    const { body, ip } = WorkspaceRpc.login.request.parse(payload);
    return this.answer(await this.commands.execute(new LogInCommand(body, ip)));
  }

  @MessagePattern(nsSubject(WorkspaceRpc.logout.subject))
  async logout(@Payload() payload: unknown) {
    const { token } = WorkspaceRpc.logout.request.parse(payload);
    await this.commands.execute(new LogOutCommand(token));
    return { ok: true as const };
  }

  @MessagePattern(nsSubject(WorkspaceRpc.resolveSession.subject))
  async resolveSession(@Payload() payload: unknown): Promise<{ user: User }> {
    const { token } = WorkspaceRpc.resolveSession.request.parse(payload);
    return { user: await this.queries.execute(new ResolveSessionQuery(token)) };
  }

  /** Answers once the new person is in the read model, so the very next request already knows them. */
  private async answer(signedIn: SignedIn): Promise<AuthAnswer> {
    await this.runtime.waitForProjection(ProjectUsersOnUserRegistered, signedIn.eventIds);
    const user = await this.queries.execute(new ResolveSessionQuery(signedIn.token));
    return { user, token: signedIn.token };
  }
}
