import { z } from 'zod';
import { EnvironmentMapSnapshot } from '../workspace/environment-map';
import { TextureAssociationSnapshot, TextureSnapshot } from '../workspace/texture';
import { Id } from '../common/ids';
import { envelope } from './envelope';

/**
 * The libraries that held a community texture when it changed (its associations: personal ones by user, team
 * and project ones by team), so the change reaches them live (ADR 0061). At most TEXTURE_HOLDERS_MAX of each.
 */
export const TextureHolders = z.object({ userIds: z.array(Id), teamIds: z.array(Id) });
export type TextureHolders = z.infer<typeof TextureHolders>;
export const TEXTURE_HOLDERS_MAX = 500;

/** Texture, texture-association and scene facts (spec 001 §3, §4; ADR 0061): each carries the state after the change. */
export const TextureCreatedV1 = envelope('workspace.texture.created.v1', z.object({ texture: TextureSnapshot }));
export const TextureUpdatedV1 = envelope('workspace.texture.updated.v1', z.object({ texture: TextureSnapshot, holders: TextureHolders.optional() }));
export const TextureRejectedV1 = envelope(
  'workspace.texture.rejected.v1',
  z.object({ texture: TextureSnapshot, moderatorId: Id, reason: z.string().nullable(), holders: TextureHolders.optional() }),
);
export const TextureDeletedV1 = envelope('workspace.texture.deleted.v1', z.object({ texture: TextureSnapshot, holders: TextureHolders.optional() }));
export const TextureAssociationCreatedV1 = envelope('workspace.texture-association.created.v1', z.object({ association: TextureAssociationSnapshot }));
export const TextureAssociationDeletedV1 = envelope('workspace.texture-association.deleted.v1', z.object({ association: TextureAssociationSnapshot }));
export const EnvironmentMapCreatedV1 = envelope('workspace.environment-map.created.v1', z.object({ environmentMap: EnvironmentMapSnapshot }));
export const EnvironmentMapUpdatedV1 = envelope('workspace.environment-map.updated.v1', z.object({ environmentMap: EnvironmentMapSnapshot }));
export const EnvironmentMapRejectedV1 = envelope(
  'workspace.environment-map.rejected.v1',
  z.object({ environmentMap: EnvironmentMapSnapshot, moderatorId: Id, reason: z.string().nullable() }),
);
export const EnvironmentMapDeletedV1 = envelope('workspace.environment-map.deleted.v1', z.object({ environmentMap: EnvironmentMapSnapshot }));

export const TextureEvents = {
  'workspace.texture.created.v1': TextureCreatedV1,
  'workspace.texture.updated.v1': TextureUpdatedV1,
  'workspace.texture.rejected.v1': TextureRejectedV1,
  'workspace.texture.deleted.v1': TextureDeletedV1,
  'workspace.texture-association.created.v1': TextureAssociationCreatedV1,
  'workspace.texture-association.deleted.v1': TextureAssociationDeletedV1,
  'workspace.environment-map.created.v1': EnvironmentMapCreatedV1,
  'workspace.environment-map.updated.v1': EnvironmentMapUpdatedV1,
  'workspace.environment-map.rejected.v1': EnvironmentMapRejectedV1,
  'workspace.environment-map.deleted.v1': EnvironmentMapDeletedV1,
} as const;

export const TEXTURE_EVENT_DESCRIPTIONS: Record<keyof typeof TextureEvents, string> = {
  'workspace.texture.created.v1': 'A user created a texture in a scope (`texture.public`: published at once, with `publishedAt`).',
  'workspace.texture.updated.v1':
    'The author edited a texture (name, tags, maps, numbers, preview) or published or withdrew it (`public`, `publishedAt`); `data.texture` is its new state.',
  'workspace.texture.rejected.v1':
    'A moderator rejected a community texture within its 24 hours: it is private again (`public` false, `publishedAt` null); its author is notified.',
  'workspace.texture.deleted.v1': 'The author deleted a texture; `data.texture` is its last state.',
  'workspace.texture-association.created.v1': 'A community texture was added to a personal, team or project library.',
  'workspace.texture-association.deleted.v1': "A community texture was removed from a library ('Remove'); `data.association` is its last state.",
  'workspace.environment-map.created.v1': 'A user created a scene (an environment map from an .exr) in a scope.',
  'workspace.environment-map.updated.v1': 'The author edited a scene or published or withdrew it; `data.environmentMap` is its new state.',
  'workspace.environment-map.rejected.v1': 'A moderator rejected a community scene within its 24 hours: it is private again; its author is notified.',
  'workspace.environment-map.deleted.v1': 'The author deleted a scene; `data.environmentMap` is its last state.',
};
