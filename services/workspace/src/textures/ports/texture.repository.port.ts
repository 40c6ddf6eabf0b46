import { TextureAggregate, TextureAssociationAggregate } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';

export const TEXTURE_REPOSITORY = Symbol('TextureRepository');

export interface TextureRepository {
  findById(id: string): Promise<TextureAggregate | null>;
  /** Writes the texture's new state and its events (outbox) in one transaction; returns the event ids (409 when changed meanwhile). */
  save(texture: TextureAggregate, meta: EventMeta): Promise<string[]>;
  findAssociation(id: string): Promise<TextureAssociationAggregate | null>;
  /** As `save`; a second association of one texture in one library is refused (409). */
  saveAssociation(association: TextureAssociationAggregate, meta: EventMeta): Promise<string[]>;
}
