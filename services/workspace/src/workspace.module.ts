import { Module } from '@nestjs/common';
import { COMMERCE_STREAM, WORKSPACE_STREAM } from '@kiln/contracts';
import { KilnServiceModule, limitCommandsPerUser } from '@kiln/service-kit';
import { Argon2PasswordHasher } from './adapters/argon2-password-hasher';
import { PgModelReadModel } from './adapters/pg-model.read-model';
import { PgModelRepository } from './adapters/pg-model.repository';
import { PgUserAccountRepository } from './adapters/pg-user-account.repository';
import { LogInHandler } from './auth/commands/log-in/log-in.handler';
import { LogOutHandler } from './auth/commands/log-out/log-out.handler';
import { RegisterUserHandler } from './auth/commands/register-user/register-user.handler';
import { ResolveSessionHandler } from './auth/queries/resolve-session/resolve-session.handler';
import { SCHEMA } from './database.types';
import { workspaceMigrations } from './migrations';
import { CreateModelHandler } from './models/commands/create-model/create-model.handler';
import { DeleteModelHandler } from './models/commands/delete-model/delete-model.handler';
import { UpdateModelHandler } from './models/commands/update-model/update-model.handler';
import { GetModelHandler } from './models/queries/get-model/get-model.handler';
import { ListModelsHandler } from './models/queries/list-models/list-models.handler';
import { CLOCK, systemClock } from '@kiln/service-kit';
import { MODEL_REPOSITORY } from './ports/model.repository.port';
import { PASSWORD_HASHER } from './ports/password-hasher.port';
import { workspaceProjections } from './read-models';
import { workspacePruneHooks } from './workspace-prune';
import { USER_ACCOUNT_REPOSITORY } from './ports/user-account.repository.port';
import { WorkspaceRpcController } from './rpc/workspace.rpc';
import { workspaceSlices } from './workspace-slices';

@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'workspace',
      schema: SCHEMA,
      migrations: workspaceMigrations,
      // COMMERCE_EVENTS too: the publishing reaction consumes it, whichever service starts first (ADR 0022).
      streams: [WORKSPACE_STREAM, COMMERCE_STREAM],
      projections: workspaceProjections,
      prune: workspacePruneHooks,
      beforeCommand: limitCommandsPerUser(),
    }),
  ],
  controllers: [WorkspaceRpcController],
  providers: [
    { provide: MODEL_REPOSITORY, useClass: PgModelRepository },
    { provide: USER_ACCOUNT_REPOSITORY, useClass: PgUserAccountRepository },
    { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
    { provide: CLOCK, useValue: systemClock },
    PgModelReadModel,
    RegisterUserHandler,
    LogInHandler,
    LogOutHandler,
    ResolveSessionHandler,
    CreateModelHandler,
    UpdateModelHandler,
    DeleteModelHandler,
    ListModelsHandler,
    GetModelHandler,
    ...workspaceSlices.flatMap((slice) => slice.providers),
  ],
})
export class WorkspaceModule {}
