import { z } from 'zod';
import { Actor } from '../common/errors';
import { Id, Timestamp } from '../common/ids';
import { CatalogModel } from './catalog';

/**
 * What the commerce service asks the workspace about models for the catalog (ADR 0027): for each id,
 * whether it exists and whether the caller may view it, and when they may, the copy a catalog item keeps
 * (name, preview, author with full name). A stranger learns that a model exists (the spec's add-by-ID
 * flow tells "no permission" apart from "no such model"), never its name.
 */
export const CatalogModelSource = z.discriminatedUnion('status', [
  z.object({ id: z.string(), status: z.literal('viewable'), model: CatalogModel, updatedAt: Timestamp }),
  z.object({ id: z.string(), status: z.literal('forbidden') }),
  z.object({ id: z.string(), status: z.literal('missing') }),
]);
export type CatalogModelSource = z.infer<typeof CatalogModelSource>;

export const CATALOG_LOOKUP_MAX = 100;

/** The workspace's side of the catalog (services/workspace/src/catalog-support). */
export const WorkspaceCatalogRpc = {
  models: {
    subject: 'rpc.workspace.catalog-support.models',
    request: z.object({ actor: Actor, body: z.object({ ids: z.array(Id).min(1).max(CATALOG_LOOKUP_MAX) }) }),
    reply: z.object({ data: z.array(CatalogModelSource) }),
  },
} as const;
