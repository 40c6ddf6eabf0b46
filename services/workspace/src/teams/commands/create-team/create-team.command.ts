import { z } from 'zod';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreateTeamBody } from '@kiln/contracts';
import { DomainError, TeamAggregate } from '@kiln/domain';
import { DB, IdempotencyClaim, newId } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../../database.types';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgTeamRepository } from '../../adapters/pg-team.repository';
import { teamColorFor } from '../../team-colors';
import { TeamChange } from '../team-change';

export class CreateTeamCommand extends Command<TeamChange> {
  constructor(
    readonly actorId: string,
    readonly body: z.output<typeof CreateTeamBody>,
    readonly idempotency?: Omit<IdempotencyClaim, 'resourceId'>,
  ) {
    super();
  }
}

/** The creator becomes the owner (an active member); the colour comes from the palette by the team's id. */
@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand, TeamChange> {
  constructor(
    private readonly teams: PgTeamRepository,
    @Inject(DB) private readonly db: Kysely<WorkspaceDatabase>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, body, idempotency }: CreateTeamCommand): Promise<TeamChange> {
    const owner = await this.db.withSchema(SCHEMA).selectFrom('users').select(['id', 'email']).where('id', '=', actorId).executeTakeFirst();
    if (!owner) throw new DomainError('forbidden', 'Please sign in again.');
    const now = this.clock.now();
    const id = newId(now);
    const team = TeamAggregate.create({ id, memberId: newId(now), name: body.name, owner, color: teamColorFor(id), now });
    const state = team.snapshot();
    const eventIds = await this.teams.transaction((trx) =>
      this.teams.save(trx, team, { actorId, occurredAt: now, ...(idempotency ? { idempotency: { ...idempotency, resourceId: id } } : {}) }),
    );
    return { team: state, eventIds, result: undefined as void };
  }
}
