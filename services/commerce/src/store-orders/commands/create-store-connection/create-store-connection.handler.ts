import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreatedStoreConnection } from '@kiln/contracts';
import { storeConnectionOf } from '@kiln/domain';
import { CLOCK, Clock, newId } from '@kiln/service-kit';
import { randomBytes } from 'node:crypto';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { SECRET_BOX, SecretBox } from '../../ports/secret-box.port';
import { STORE_CONNECTIONS, StoreConnections } from '../../ports/store-connections.port';
import { presentConnection } from '../../store-connection-access';
import { CreateStoreConnectionCommand } from './create-store-connection.command';

/**
 * Creates a store connection in a scope the caller may change (personal, or a team's / project's as its owner or
 * editor). The secret is the one given (Shopify's, WooCommerce's, Adobe Commerce's public key) or one Kiln makes
 * (WooCommerce without one: 32 random bytes); it is kept sealed and answered this once.
 */
@CommandHandler(CreateStoreConnectionCommand)
export class CreateStoreConnectionHandler implements ICommandHandler<CreateStoreConnectionCommand, CreatedStoreConnection> {
  constructor(
    @Inject(STORE_CONNECTIONS) private readonly connections: StoreConnections,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, body }: CreateStoreConnectionCommand): Promise<CreatedStoreConnection> {
    const scope = await this.access.scopeForCreate(actorId, { teamId: body.teamId, projectId: body.projectId });
    const checked = storeConnectionOf(body, () => randomBytes(32).toString('base64url'));
    const at = this.clock.now();
    const row = {
      id: newId(at),
      platform: body.platform,
      name: checked.name,
      shopUrl: checked.shopUrl,
      secretSealed: this.secrets.seal(checked.secret),
      ...scope,
      createdAt: at,
    };
    await this.connections.insert(row);
    return { ...presentConnection(row, 0), secret: checked.secret };
  }
}
