import { WorkspacePeopleRpc } from '@kiln/contracts';
import { rpcRoute } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../database.types';
import { WorkspaceSlice } from '../workspace-slice';

/**
 * People's names for the commerce service's business-record timelines (ADR 0029): events carry no names,
 * so commerce asks for the ids a timeline mentions. Only ids and full names (what team members see of
 * each other anyway); only the commerce service may ask (deploy/src/nats-auth.ts).
 */
export const businessPeopleSlice: WorkspaceSlice = {
  providers: [],
  routes: [
    rpcRoute({
      rpc: WorkspacePeopleRpc.names,
      kind: 'query',
      handle: async ({ body }, context) => {
        const db = context.runtime.db as Kysely<WorkspaceDatabase>;
        const rows = await db.withSchema(SCHEMA).selectFrom('user_view').select(['id', 'full_name']).where('id', 'in', body.ids).execute();
        return { data: rows.map((r) => ({ id: r.id, fullName: r.full_name })) };
      },
    }),
  ],
  projections: [],
};
