import { z } from 'zod';
import { passThrough as route, rpc, withActor } from '../common/contract-builders';
import { Actor } from '../common/errors';
import { Id, IdempotencyKey, Text, Timestamp } from '../common/ids';
import { limitUpTo, listOf, Skip } from '../common/list';
import { PRODUCT_PAGE_SIZE } from '../common/page-sizes';
import type { HttpRoute } from '../http';
import { Model } from '../workspace/model';
import { ModelListQuery } from '../workspace/sharing';

/**
 * Products: models published to the marketplace (spec 000 §3, §4, §7), owned by the commerce service.
 * The status rules are ours (docs/adr/0022); the domain (domain/src/commerce) checks titles, images and
 * reasons with the sentences people read, so the schemas here only bound the sizes.
 */
export const PRODUCT_STATUS_VALUES = ['non moderated', 'rejected', 'draft', 'published', 'unpublished'] as const;
export const ProductStatus = z.enum(PRODUCT_STATUS_VALUES);
export type ProductStatus = z.infer<typeof ProductStatus>;

/** A product (spec 000 §3: status, title, model, image, ownerId, productionReady), `model` being the model's id. */
export const Product = z.object({
  id: Id,
  status: ProductStatus,
  title: z.string(),
  model: Id,
  image: z.string().nullable(),
  ownerId: Id,
  productionReady: z.boolean(),
  /** Set by a moderator's approval; cleared when the author unpublishes (the model menu then says 'Restore'). */
  publishedAt: Timestamp.nullable(),
  /** When it last entered the moderation queue (oldest first). */
  submittedAt: Timestamp.nullable(),
  /** The moderator's reason, while rejected. */
  rejectionReason: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Its event stream's version: grows by one with every change. */
  version: z.number().int(),
});
export type Product = z.infer<typeof Product>;
export const ProductList = listOf(Product);
export type ProductList = z.infer<typeof ProductList>;

const Title = Text(1000);
const Image = Text(4000).nullable().optional();

/** POST /api/product/product: publish a model (or save it as a draft first). */
export const PublishProductBody = z.strictObject({
  modelId: Id,
  title: Title,
  image: Image,
  productionReady: z.boolean().default(false),
  /** 'draft' keeps it aside instead of sending it to moderation. */
  action: z.enum(['publish', 'draft']).default('publish'),
});
export type PublishProductBody = z.infer<typeof PublishProductBody>;

/** PATCH /api/product/product/{id}: republish (or restore), save as draft, or unpublish; content optional. */
export const UpdateProductBody = z.strictObject({
  action: z.enum(['publish', 'draft', 'unpublish']),
  title: Title.optional(),
  image: Image,
  productionReady: z.boolean().optional(),
});
export type UpdateProductBody = z.infer<typeof UpdateProductBody>;

/** PATCH /api/product/moderation/{id}: a moderator's decision; a rejection says why. */
export const ModerateProductBody = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: Text(2000).optional(),
});
export type ModerateProductBody = z.infer<typeof ModerateProductBody>;

export const ProductListQuery = z.strictObject({ skip: Skip, limit: limitUpTo(100, PRODUCT_PAGE_SIZE) });
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** A model of mine that has a product, with the product's state (GET /api/workspace/publish/my). */
export const PublishedModel = Model.extend({
  product: z.object({ id: Id, status: ProductStatus, title: z.string(), productionReady: z.boolean(), version: z.number().int() }),
});
export type PublishedModel = z.infer<typeof PublishedModel>;
export const PublishedModelList = listOf(PublishedModel);

const ProductIdParams = z.strictObject({ id: Id });

const IdBody = z.object({ id: z.string() });

/** The commerce service's NATS requests for products (`rpc.commerce.*`); each carries the caller. */
export const CommerceRpc = {
  publishProduct: rpc('rpc.commerce.product.publish', z.object({ actor: Actor, body: PublishProductBody, idempotencyKey: IdempotencyKey.optional() }), Product),
  updateProduct: rpc('rpc.commerce.product.update', withActor(IdBody.extend({ changes: UpdateProductBody })), Product),
  getProduct: rpc('rpc.commerce.product.get', withActor(IdBody), Product),
  listProducts: rpc('rpc.commerce.product.list', withActor(ProductListQuery), ProductList),
  listModeration: rpc('rpc.commerce.moderation.list', withActor(ProductListQuery), ProductList),
  moderateProduct: rpc('rpc.commerce.moderation.decide', withActor(IdBody.extend({ changes: ModerateProductBody })), Product),
} as const;

/** The workspace's side of publishing (services/workspace/src/publishing). */
export const WorkspacePublishingRpc = {
  listMyPublished: rpc('rpc.workspace.publish.list-mine', withActor(ModelListQuery), PublishedModelList),
  /** The caller's e-mail, asked by the commerce service when its moderators are listed by e-mail. */
  actorEmail: rpc('rpc.workspace.publish.actor-email', withActor(z.object({})), z.object({ userId: Id, email: z.string().nullable() })),
} as const;

/** A pass-through route whose `toRpc` is checked against its rpc's request (like http.ts's own helper). */

/** Products, moderation and my published models (spec 000 §7 "Published"); spread into HttpRoutes. */
export const ProductHttpRoutes = {
  listMyPublished: route({
    method: 'get',
    path: '/api/workspace/publish/my',
    summary: 'My models that have a product, with its status',
    auth: true,
    query: ModelListQuery,
    response: PublishedModelList,
    rpc: WorkspacePublishingRpc.listMyPublished,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  listProducts: route({
    method: 'get',
    path: '/api/product/product',
    summary: 'The marketplace: published, production-ready products, 20 a page',
    auth: true,
    query: ProductListQuery,
    response: ProductList,
    rpc: CommerceRpc.listProducts,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  getProduct: route({
    method: 'get',
    path: '/api/product/product/{id}',
    summary: 'One product: published ones for everyone; the owner and moderators see theirs in any status',
    auth: true,
    params: ProductIdParams,
    response: Product,
    rpc: CommerceRpc.getProduct,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  publishProduct: route({
    method: 'post',
    path: '/api/product/product',
    summary: 'Publish a model I own (to moderation), or save it as a draft',
    auth: true,
    body: PublishProductBody,
    response: Product,
    status: 201,
    idempotent: true,
    rpc: CommerceRpc.publishProduct,
    toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  }),
  updateProduct: route({
    method: 'patch',
    path: '/api/product/product/{id}',
    summary: 'Republish, save as draft or unpublish my product',
    auth: true,
    params: ProductIdParams,
    body: UpdateProductBody,
    response: Product,
    rpc: CommerceRpc.updateProduct,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  listModeration: route({
    method: 'get',
    path: '/api/product/moderation',
    summary: 'Products waiting for moderation, oldest first (moderators only)',
    auth: true,
    query: ProductListQuery,
    response: ProductList,
    rpc: CommerceRpc.listModeration,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  moderateProduct: route({
    method: 'patch',
    path: '/api/product/moderation/{id}',
    summary: 'Approve or reject a product (moderators only)',
    auth: true,
    params: ProductIdParams,
    body: ModerateProductBody,
    response: Product,
    rpc: CommerceRpc.moderateProduct,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
} satisfies Record<string, HttpRoute>;
