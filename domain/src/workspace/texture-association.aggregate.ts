import { COMMUNITY_MESSAGES, TEXTURE_MESSAGES } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { CommunityActor, invalid } from './community-item';
import { teamAllows } from './policy';

export interface TextureAssociationState {
  id: string;
  textureId: string;
  /** Who added it; in the personal scope, whose library it is. */
  userId: string;
  teamId: string | null;
  projectId: string | null;
  createdAt: Date;
  version: number;
}

export type TextureAssociationEvent =
  | DomainEvent<'workspace.texture-association.created.v1', { association: TextureAssociationState }>
  | DomainEvent<'workspace.texture-association.deleted.v1', { association: TextureAssociationState }>;

/** Who reads a library's associations: a personal library, its owner; a team's or project's, every active member. */
export function textureAssociationReadable(association: Pick<TextureAssociationState, 'userId' | 'teamId'>, actor: CommunityActor): boolean {
  if (!association.teamId) return association.userId === actor.userId;
  return teamAllows(actor.teamRole ?? null, 'communityItem.read');
}

/** Who adds to or removes from a library: a personal one, its owner; a team's or project's, owners and editors. */
export function textureAssociationChangeable(association: Pick<TextureAssociationState, 'userId' | 'teamId'>, actor: CommunityActor): boolean {
  if (!association.teamId) return association.userId === actor.userId;
  return teamAllows(actor.teamRole ?? null, 'textureAssociation.change');
}

/**
 * A community texture added to a personal, team or project library (spec 001 §3 "Texture association").
 * Only a public texture can be added, once per library; removing it ('Remove') leaves the texture as it is.
 */
export class TextureAssociationAggregate {
  private events: TextureAssociationEvent[] = [];
  private deleted = false;

  private constructor(private state: TextureAssociationState) {}

  static create(input: {
    id: string;
    texture: { id: string; public: boolean };
    actor: CommunityActor;
    teamId?: string | null;
    projectId?: string | null;
    now: Date;
  }): TextureAssociationAggregate {
    if (input.projectId && !input.teamId) throw invalid('scope.teamId', COMMUNITY_MESSAGES.projectNeedsTeam);
    const state: TextureAssociationState = {
      id: input.id,
      textureId: input.texture.id,
      userId: input.actor.userId,
      teamId: input.teamId ?? null,
      projectId: input.projectId ?? null,
      createdAt: input.now,
      version: 1,
    };
    if (!textureAssociationChangeable(state, input.actor)) throw new DomainError('forbidden', TEXTURE_MESSAGES.noChange);
    if (!input.texture.public) throw new DomainError('unprocessable', TEXTURE_MESSAGES.notCommunity);
    const association = new TextureAssociationAggregate(state);
    association.events.push({
      type: 'workspace.texture-association.created.v1',
      aggregateType: 'texture-association',
      aggregateId: state.id,
      data: { association: { ...state } },
    });
    return association;
  }

  static restore(state: TextureAssociationState): TextureAssociationAggregate {
    return new TextureAssociationAggregate({ ...state });
  }

  /** 404 for whoever may not read the library; 403 for a reader who may not change it. */
  delete(actor: CommunityActor): void {
    if (!textureAssociationReadable(this.state, actor)) throw new DomainError('not-found', TEXTURE_MESSAGES.associationNotFound);
    if (!textureAssociationChangeable(this.state, actor)) throw new DomainError('forbidden', TEXTURE_MESSAGES.noChange);
    this.deleted = true;
    this.state = { ...this.state, version: this.state.version + 1 };
    this.events.push({
      type: 'workspace.texture-association.deleted.v1',
      aggregateType: 'texture-association',
      aggregateId: this.state.id,
      data: { association: { ...this.state } },
    });
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  snapshot(): TextureAssociationState {
    return { ...this.state };
  }

  pullEvents(): TextureAssociationEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }
}
