import { WorkspacePeopleRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { PgUserReadModel } from '../users/adapters/pg-user.read-model';

/**
 * People's names for the commerce service's business-record timelines (ADR 0029): events carry no names,
 * so commerce asks for the ids a timeline mentions. Only ids and full names (what team members see of
 * each other anyway); only the commerce service may ask (deploy/src/nats-auth.ts).
 */
export const businessPeopleRoutes: AreaRoutes = {
  providers: [],
  routes: [
    rpcRoute({
      rpc: WorkspacePeopleRpc.names,
      kind: 'query',
      handle: async ({ body }, context) => ({ data: await context.get(PgUserReadModel).namesOf(body.ids) }),
    }),
    // A quote's customer (spec 002 §5, ADR 0057): whether an e-mail is a registered user's, and their name and avatar.
    rpcRoute({
      rpc: WorkspacePeopleRpc.byEmail,
      kind: 'query',
      handle: async ({ body }, context) => ({ person: await context.get(PgUserReadModel).personByEmail(body.email) }),
    }),
  ],
  projections: [],
};
