import { Texture, TextureAssociation, WorkspaceRpc } from '@kiln/contracts';
import { answerAfterProjection, AreaRoutes, RpcContext, rpcRoute } from '@kiln/service-kit';
import { ConfiguredModerators } from './adapters/configured-moderators';
import { PgTextureReadModel } from './adapters/pg-texture.read-model';
import { PgTextureRepository } from './adapters/pg-texture.repository';
import { AddTextureAssociationCommand, TextureAssociationChange } from './commands/add-texture-association/add-texture-association.command';
import { AddTextureAssociationHandler } from './commands/add-texture-association/add-texture-association.handler';
import { CreateTextureCommand, TextureChange } from './commands/create-texture/create-texture.command';
import { CreateTextureHandler } from './commands/create-texture/create-texture.handler';
import { DeleteTextureCommand } from './commands/delete-texture/delete-texture.command';
import { DeleteTextureHandler } from './commands/delete-texture/delete-texture.handler';
import { RejectTextureCommand } from './commands/reject-texture/reject-texture.command';
import { RejectTextureHandler } from './commands/reject-texture/reject-texture.handler';
import { RemoveTextureAssociationCommand } from './commands/remove-texture-association/remove-texture-association.command';
import { RemoveTextureAssociationHandler } from './commands/remove-texture-association/remove-texture-association.handler';
import { UpdateTextureCommand } from './commands/update-texture/update-texture.command';
import { UpdateTextureHandler } from './commands/update-texture/update-texture.handler';
import { COMMUNITY_MODERATORS } from './ports/moderators.port';
import { TEXTURE_REPOSITORY } from './ports/texture.repository.port';
import { ProjectTextureAssociationsOnAssociationEvents, ProjectTexturesOnTextureEvents } from './projections/project-textures-on-texture-events';
import { NotifyAuthorsOnEnvironmentMapRejections, NotifyAuthorsOnTextureRejections } from './reactions/notify-authors-on-rejections';
import { GetTextureAssociationHandler } from './queries/get-texture-association/get-texture-association.handler';
import { GetTextureAssociationQuery } from './queries/get-texture-association/get-texture-association.query';
import { GetTextureHandler } from './queries/get-texture/get-texture.handler';
import { GetTextureQuery } from './queries/get-texture/get-texture.query';
import { ListTextureAssociationsHandler } from './queries/list-texture-associations/list-texture-associations.handler';
import { ListTextureAssociationsQuery } from './queries/list-texture-associations/list-texture-associations.query';
import { ListTexturesHandler } from './queries/list-textures/list-textures.handler';
import { ListTexturesQuery } from './queries/list-textures/list-textures.query';
import { TextureTagsHandler } from './queries/texture-tags/texture-tags.handler';
import { TextureTagsQuery } from './queries/texture-tags/texture-tags.query';
import { communityItemRoutes } from '../community-items/community-item-routes';

/** A command answers with the state it committed, once its events are projected (a list fetched next shows it). */
const answerTexture = (context: RpcContext, actorId: string, change: TextureChange): Promise<Texture> =>
  answerAfterProjection(
    context,
    [ProjectTexturesOnTextureEvents, change.eventIds],
    async () => (await context.get(PgTextureReadModel).present(actorId, [change.texture]))[0]!,
  );

const answerAssociation = (context: RpcContext, actorId: string, change: TextureAssociationChange): Promise<TextureAssociation> =>
  answerAfterProjection(
    context,
    [ProjectTextureAssociationsOnAssociationEvents, change.eventIds],
    async () => (await context.get(PgTextureReadModel).presentAssociations(actorId, [change.association]))[0]!,
  );

/**
 * Textures and texture associations (spec 001 §2–§7; ADR 0061): create, list (a scope's, the community's), get,
 * edit, delete, a moderator's rejection, tags; community textures added to and removed from libraries.
 */
export const texturesRoutes: AreaRoutes = {
  providers: [
    PgTextureRepository,
    { provide: TEXTURE_REPOSITORY, useExisting: PgTextureRepository },
    ConfiguredModerators,
    { provide: COMMUNITY_MODERATORS, useExisting: ConfiguredModerators },
    PgTextureReadModel,
    CreateTextureHandler,
    UpdateTextureHandler,
    DeleteTextureHandler,
    RejectTextureHandler,
    AddTextureAssociationHandler,
    RemoveTextureAssociationHandler,
    ListTexturesHandler,
    GetTextureHandler,
    TextureTagsHandler,
    ListTextureAssociationsHandler,
    GetTextureAssociationHandler,
  ],
  routes: [
    ...communityItemRoutes(
      {
        create: WorkspaceRpc.createTexture,
        get: WorkspaceRpc.getTexture,
        tags: WorkspaceRpc.textureTags,
        update: WorkspaceRpc.updateTexture,
        delete: WorkspaceRpc.deleteTexture,
        reject: WorkspaceRpc.rejectTexture,
      },
      {
        answer: answerTexture,
        create: (actorId, body) => new CreateTextureCommand(actorId, body),
        get: (actorId, id) => new GetTextureQuery(actorId, id),
        tags: (actorId, body) => new TextureTagsQuery(actorId, body),
        update: (actorId, id, changes) => new UpdateTextureCommand(actorId, id, changes),
        delete: (actorId, id) => new DeleteTextureCommand(actorId, id),
        reject: (actorId, id, reason) => new RejectTextureCommand(actorId, id, reason),
      },
    ),
    rpcRoute({
      rpc: WorkspaceRpc.listTextures,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListTexturesQuery(actor.userId, body, false)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listCommunityTextures,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListTexturesQuery(actor.userId, body, true)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.createTextureAssociation,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerAssociation(context, actor.userId, await context.commands.execute(new AddTextureAssociationCommand(actor.userId, body))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listTextureAssociations,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListTextureAssociationsQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.getTextureAssociation,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetTextureAssociationQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.deleteTextureAssociation,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answerAssociation(context, actor.userId, await context.commands.execute(new RemoveTextureAssociationCommand(actor.userId, body.id))),
    }),
  ],
  // The rejection reactions write notifications (state and outbox), which the notifications area projects.
  projections: [
    ProjectTexturesOnTextureEvents,
    ProjectTextureAssociationsOnAssociationEvents,
    NotifyAuthorsOnTextureRejections,
    NotifyAuthorsOnEnvironmentMapRejections,
  ],
};
