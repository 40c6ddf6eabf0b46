import { Font, FontBatchResult, FontRpc } from '@kiln/contracts';
import { answerAfterProjection, AreaRoutes, RpcContext, rpcRoute } from '@kiln/service-kit';
import { NatsFontFiles } from './adapters/nats-font-files';
import { PgFontReadModel } from './adapters/pg-font.read-model';
import { PgFontRepository } from './adapters/pg-font.repository';
import { RefreshedGoogleCatalogue } from './adapters/refreshed-google-catalogue';
import { CreateFontCommand, FontChange } from './commands/create-font/create-font.command';
import { CreateFontHandler } from './commands/create-font/create-font.handler';
import { DeleteFontsCommand } from './commands/delete-fonts/delete-fonts.command';
import { DeleteFontsHandler } from './commands/delete-fonts/delete-fonts.handler';
import { GroupFontsCommand } from './commands/group-fonts/group-fonts.command';
import { GroupFontsHandler } from './commands/group-fonts/group-fonts.handler';
import { HideFontsCommand } from './commands/hide-fonts/hide-fonts.command';
import { HideFontsHandler } from './commands/hide-fonts/hide-fonts.handler';
import { FONT_FILES, FONT_REPOSITORY } from './ports/font.repository.port';
import { GOOGLE_CATALOGUE } from './ports/google-catalogue.port';
import { ProjectFontsOnFontEvents } from './projections/project-fonts-on-font-events';
import { GetFontFamilyHandler } from './queries/get-font-family/get-font-family.handler';
import { GetFontFamilyQuery } from './queries/get-font-family/get-font-family.query';
import { GetFontHandler } from './queries/get-font/get-font.handler';
import { GetFontQuery } from './queries/get-font/get-font.query';
import { GoogleFontFilesOfHandler } from './queries/google-font-files/google-font-files.handler';
import { GoogleFontFilesOfQuery } from './queries/google-font-files/google-font-files.query';
import { ListFontFamiliesHandler } from './queries/list-font-families/list-font-families.handler';
import { ListFontFamiliesQuery } from './queries/list-font-families/list-font-families.query';
import { ListFontLanguagesHandler } from './queries/list-font-languages/list-font-languages.handler';
import { ListFontLanguagesQuery } from './queries/list-font-languages/list-font-languages.query';
import { ListGoogleFontsHandler } from './queries/list-google-fonts/list-google-fonts.handler';
import { ListGoogleFontsQuery } from './queries/list-google-fonts/list-google-fonts.query';

/** A command answers with the states it committed, once its events are projected (a list fetched next shows them). */
const answerFonts = (context: RpcContext, actorId: string, change: FontChange): Promise<FontBatchResult> =>
  answerAfterProjection(
    context,
    [ProjectFontsOnFontEvents, change.eventIds],
    async () => {
      const readModel = context.get(PgFontReadModel);
      return { done: await Promise.all(change.fonts.map((font) => readModel.present(actorId, font))), failed: change.failed };
    },
    { viewsFree: true },
  );

const answerFont = async (context: RpcContext, actorId: string, change: FontChange): Promise<Font> => (await answerFonts(context, actorId, change)).done[0];

/** Fonts (spec 001 §2-§9; ADR 0055): add from a file, families, hide/show, group, remove, the Google catalogue. */
export const fontsRoutes: AreaRoutes = {
  providers: [
    PgFontRepository,
    { provide: FONT_REPOSITORY, useExisting: PgFontRepository },
    NatsFontFiles,
    { provide: FONT_FILES, useExisting: NatsFontFiles },
    { provide: GOOGLE_CATALOGUE, useFactory: () => RefreshedGoogleCatalogue.fromEnv(process.env) },
    PgFontReadModel,
    CreateFontHandler,
    HideFontsHandler,
    DeleteFontsHandler,
    GroupFontsHandler,
    ListFontFamiliesHandler,
    GetFontFamilyHandler,
    GetFontHandler,
    ListFontLanguagesHandler,
    ListGoogleFontsHandler,
    GoogleFontFilesOfHandler,
  ],
  routes: [
    rpcRoute({
      rpc: FontRpc.createFont,
      kind: 'command',
      handle: async ({ actor, body }, context) => answerFont(context, actor.userId, await context.commands.execute(new CreateFontCommand(actor.userId, body))),
    }),
    rpcRoute({
      rpc: FontRpc.listFontFamilies,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListFontFamiliesQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: FontRpc.getFontFamily,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetFontFamilyQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: FontRpc.getFont,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetFontQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: FontRpc.hideFonts,
      kind: 'command',
      handle: async ({ actor, body }, context) => answerFonts(context, actor.userId, await context.commands.execute(new HideFontsCommand(actor.userId, body))),
    }),
    rpcRoute({
      rpc: FontRpc.deleteFonts,
      kind: 'command',
      // Each removed font answers its last state.
      handle: async ({ actor, body }, context) =>
        answerFonts(context, actor.userId, await context.commands.execute(new DeleteFontsCommand(actor.userId, body))),
    }),
    rpcRoute({
      rpc: FontRpc.groupFonts,
      kind: 'command',
      handle: async ({ actor, body }, context) => answerFonts(context, actor.userId, await context.commands.execute(new GroupFontsCommand(actor.userId, body))),
    }),
    rpcRoute({
      rpc: FontRpc.fontLanguages,
      kind: 'query',
      handle: ({ actor }, context) => context.queries.execute(new ListFontLanguagesQuery(actor.userId, {})),
    }),
    rpcRoute({
      rpc: FontRpc.listGoogleFonts,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListGoogleFontsQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: FontRpc.googleFontFiles,
      kind: 'query',
      handle: async ({ actor, body }, context) => ({ files: await context.queries.execute(new GoogleFontFilesOfQuery(actor.userId, body)) }),
    }),
  ],
  projections: [ProjectFontsOnFontEvents],
};
