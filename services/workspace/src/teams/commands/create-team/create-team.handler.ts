import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, TeamAggregate } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgTeamRepository } from '../../adapters/pg-team.repository';
import { teamColorFor } from '../../team-colors';
import { TeamChange } from '../../team-change';
import { CreateTeamCommand } from './create-team.command';

/** The creator becomes the owner (an active member); the colour comes from the palette by the team's id. */
@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand, TeamChange> {
  constructor(
    private readonly teams: PgTeamRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, body, idempotency }: CreateTeamCommand): Promise<TeamChange> {
    const owner = await this.teams.person(actorId);
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
