import { z } from 'zod';
import { creating, passThrough as route, rpc, withActor } from '../common/contract-builders';
import type { HttpRoute } from '../http';
import {
  AddCatalogItemBody,
  AddCatalogItemsBody,
  AddedCatalogItems,
  CatalogItem,
  CatalogItemList,
  CatalogModelLookup,
  ModelIdLookupQuery,
  UpdateCatalogItemBody,
} from './catalog';
import { CreateMaterialBody, Material, MaterialList, MaterialTree, MaterialTreeQuery, UpdateMaterialBody } from './material';
import { OrderDocumentHttpRoutes } from './order-document';
import { OrderHttpRoutes } from './order.routes';
import { BusinessListQuery, DistinctTags, DistinctTagsQuery, History, RecordIdParams, RecordVersionQuery } from './records';
import { CreateServiceBody, Service, ServiceList, UpdateServiceBody } from './service';

/** A change of one record; `ifMatch` is the version the client read (its `If-Match`), when it sent one. */
const changing = <C extends z.ZodTypeAny>(changes: C) => withActor(z.object({ id: z.string(), changes, ifMatch: z.number().int().optional() }));
const removing = withActor(z.object({ id: z.string(), ifMatch: z.number().int().optional() }));
/** Undo of a removal (the lists offer it for a few seconds): the same record, its timeline kept. */
const restoring = withActor(z.object({ id: z.string() }));
const reading = withActor(z.object({ id: z.string(), version: z.number().int().optional() }));
const IdBody = z.object({ id: z.string() });

/** The commerce service's NATS requests for the business dashboard (`rpc.commerce.business.*`). */
export const BusinessRpc = {
  listCatalog: rpc('rpc.commerce.business.catalog.list', withActor(BusinessListQuery), CatalogItemList),
  getCatalogItem: rpc('rpc.commerce.business.catalog.get', reading, CatalogItem),
  catalogHistory: rpc('rpc.commerce.business.catalog.history', withActor(IdBody), History),
  lookupModel: rpc('rpc.commerce.business.catalog.lookup-model', withActor(ModelIdLookupQuery), CatalogModelLookup),
  addCatalogItem: rpc('rpc.commerce.business.catalog.add', creating(AddCatalogItemBody), CatalogItem),
  addCatalogItems: rpc('rpc.commerce.business.catalog.add-many', creating(AddCatalogItemsBody), AddedCatalogItems),
  updateCatalogItem: rpc('rpc.commerce.business.catalog.update', changing(UpdateCatalogItemBody), CatalogItem),
  removeCatalogItem: rpc('rpc.commerce.business.catalog.remove', removing, CatalogItem),
  restoreCatalogItem: rpc('rpc.commerce.business.catalog.restore', restoring, CatalogItem),

  listMaterials: rpc('rpc.commerce.business.material.list', withActor(BusinessListQuery), MaterialList),
  getMaterial: rpc('rpc.commerce.business.material.get', reading, Material),
  materialHistory: rpc('rpc.commerce.business.material.history', withActor(IdBody), History),
  materialTags: rpc('rpc.commerce.business.material.tags', withActor(DistinctTagsQuery), DistinctTags),
  materialTree: rpc('rpc.commerce.business.material.tree', withActor(MaterialTreeQuery), MaterialTree),
  createMaterial: rpc('rpc.commerce.business.material.create', creating(CreateMaterialBody), Material),
  updateMaterial: rpc('rpc.commerce.business.material.update', changing(UpdateMaterialBody), Material),
  deleteMaterial: rpc('rpc.commerce.business.material.delete', removing, Material),
  restoreMaterial: rpc('rpc.commerce.business.material.restore', restoring, Material),

  listServices: rpc('rpc.commerce.business.service.list', withActor(BusinessListQuery), ServiceList),
  getService: rpc('rpc.commerce.business.service.get', reading, Service),
  serviceHistory: rpc('rpc.commerce.business.service.history', withActor(IdBody), History),
  serviceTags: rpc('rpc.commerce.business.service.tags', withActor(DistinctTagsQuery), DistinctTags),
  createService: rpc('rpc.commerce.business.service.create', creating(CreateServiceBody), Service),
  updateService: rpc('rpc.commerce.business.service.update', changing(UpdateServiceBody), Service),
  deleteService: rpc('rpc.commerce.business.service.delete', removing, Service),
  restoreService: rpc('rpc.commerce.business.service.restore', restoring, Service),
} as const;

const withKey = (key: string | undefined) => (key ? { idempotencyKey: key } : {});
const withIfMatch = (ifMatch: number | undefined) => (ifMatch === undefined ? {} : { ifMatch });
const readVersion = (version: unknown) => (version === undefined ? {} : { version: Number(version) });

/** One record type's routes under `/api/workspace/<collection>` (list, get, history, create, update, delete). */
function recordRoutes<C extends z.ZodTypeAny, U extends z.ZodTypeAny, R extends z.ZodTypeAny, L extends z.ZodTypeAny>(
  collection: string,
  what: string,
  schemas: { create: C; update: U; record: R; list: L },
  rpcs: {
    list: { subject: string; request: z.ZodTypeAny; reply: L };
    get: { subject: string; request: typeof reading; reply: R };
    history: { subject: string; request: ReturnType<typeof withActor<typeof IdBody>>; reply: typeof History };
    create: { subject: string; request: ReturnType<typeof creating<C>>; reply: R };
    update: { subject: string; request: ReturnType<typeof changing<U>>; reply: R };
    remove: { subject: string; request: typeof removing; reply: R };
    restore: { subject: string; request: typeof restoring; reply: R };
  },
) {
  const path = `/api/workspace/${collection}`;
  return {
    list: route({
      method: 'get',
      path,
      summary: `My ${what}s (or the team's / project's with where.teamId / projectId), 20 a page`,
      auth: true,
      query: BusinessListQuery,
      response: schemas.list,
      rpc: rpcs.list,
      toRpc: ({ actor, query }) => ({ actor, body: query }),
    }),
    get: route({
      method: 'get',
      path: `${path}/{id}`,
      summary: `One ${what}; ?version=N shows it as it was after its N-th change. ETag: its version.`,
      auth: true,
      versioned: true,
      params: RecordIdParams,
      query: RecordVersionQuery,
      response: schemas.record,
      rpc: rpcs.get,
      toRpc: ({ actor, params, query }) => ({ actor, body: { id: params.id, ...readVersion(query.version) } }),
    }),
    history: route({
      method: 'get',
      path: `${path}/{id}/history`,
      summary: `Who changed what and when on one ${what}, oldest first`,
      auth: true,
      params: RecordIdParams,
      response: History,
      rpc: rpcs.history,
      toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
    }),
    create: route({
      method: 'post',
      path,
      summary: `Create a ${what}`,
      auth: true,
      status: 201,
      idempotent: true,
      versioned: true,
      body: schemas.create,
      response: schemas.record,
      rpc: rpcs.create,
      toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...withKey(idempotencyKey) }),
    }),
    update: route({
      method: 'patch',
      path: `${path}/{id}`,
      summary: `Change a ${what}; with If-Match, 412 when it changed since`,
      auth: true,
      versioned: true,
      params: RecordIdParams,
      body: schemas.update,
      response: schemas.record,
      rpc: rpcs.update,
      toRpc: ({ actor, params, body, ifMatch }) => ({ actor, body: { id: params.id, changes: body, ...withIfMatch(ifMatch) } }),
    }),
    remove: route({
      method: 'delete',
      path: `${path}/{id}`,
      summary: `Delete a ${what}; with If-Match, 412 when it changed since`,
      auth: true,
      versioned: true,
      params: RecordIdParams,
      response: schemas.record,
      rpc: rpcs.remove,
      toRpc: ({ actor, params, ifMatch }) => ({ actor, body: { id: params.id, ...withIfMatch(ifMatch) } }),
    }),
    restore: route({
      method: 'post',
      path: `${path}/{id}/restore`,
      summary: `Undo the removal of a ${what}, shortly after it (the list offers Undo): the same ${what} with its history; 410 when too late`,
      auth: true,
      versioned: true,
      params: RecordIdParams,
      response: schemas.record,
      rpc: rpcs.restore,
      toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
    }),
  };
}

const catalog = recordRoutes(
  'business-catalog',
  'catalog item',
  { create: AddCatalogItemBody, update: UpdateCatalogItemBody, record: CatalogItem, list: CatalogItemList },
  {
    list: BusinessRpc.listCatalog,
    get: BusinessRpc.getCatalogItem,
    history: BusinessRpc.catalogHistory,
    create: BusinessRpc.addCatalogItem,
    update: BusinessRpc.updateCatalogItem,
    remove: BusinessRpc.removeCatalogItem,
    restore: BusinessRpc.restoreCatalogItem,
  },
);
const materials = recordRoutes(
  'business-material',
  'material',
  { create: CreateMaterialBody, update: UpdateMaterialBody, record: Material, list: MaterialList },
  {
    list: BusinessRpc.listMaterials,
    get: BusinessRpc.getMaterial,
    history: BusinessRpc.materialHistory,
    create: BusinessRpc.createMaterial,
    update: BusinessRpc.updateMaterial,
    remove: BusinessRpc.deleteMaterial,
    restore: BusinessRpc.restoreMaterial,
  },
);
const services = recordRoutes(
  'business-service',
  'service',
  { create: CreateServiceBody, update: UpdateServiceBody, record: Service, list: ServiceList },
  {
    list: BusinessRpc.listServices,
    get: BusinessRpc.getService,
    history: BusinessRpc.serviceHistory,
    create: BusinessRpc.createService,
    update: BusinessRpc.updateService,
    remove: BusinessRpc.deleteService,
    restore: BusinessRpc.restoreService,
  },
);

/**
 * The business dashboard's routes (spec 002 §7), spread into HttpRoutes. Fixed paths (`create-multiple`,
 * `material-tree`, `model-lookup`) come before the `{id}` routes of the same collection.
 */
export const BusinessHttpRoutes = {
  addCatalogItems: route({
    method: 'post',
    path: '/api/workspace/business-catalog/create-multiple',
    summary: 'Add several models to my catalog (From workspace, Browse community)',
    auth: true,
    status: 201,
    idempotent: true,
    body: AddCatalogItemsBody,
    response: AddedCatalogItems,
    rpc: BusinessRpc.addCatalogItems,
    toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...withKey(idempotencyKey) }),
  }),
  lookupCatalogModel: route({
    method: 'get',
    path: '/api/workspace/business-catalog/model-lookup',
    summary: "Add by model ID: the model's preview when it exists and I may view it",
    auth: true,
    query: ModelIdLookupQuery,
    response: CatalogModelLookup,
    rpc: BusinessRpc.lookupModel,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  listCatalog: catalog.list,
  catalogHistory: catalog.history,
  getCatalogItem: catalog.get,
  addCatalogItem: catalog.create,
  updateCatalogItem: catalog.update,
  removeCatalogItem: catalog.remove,
  restoreCatalogItem: catalog.restore,

  materialTags: route({
    method: 'get',
    path: '/api/workspace/distinct/business-material/tags',
    summary: 'Tags used on my materials (suggestions), distinct',
    auth: true,
    query: DistinctTagsQuery,
    response: DistinctTags,
    rpc: BusinessRpc.materialTags,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  materialTree: route({
    method: 'get',
    path: '/api/workspace/business-material/material-tree',
    summary: 'My materials by class and category (linking services to materials)',
    auth: true,
    query: MaterialTreeQuery,
    response: MaterialTree,
    rpc: BusinessRpc.materialTree,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  listMaterials: materials.list,
  materialHistory: materials.history,
  getMaterial: materials.get,
  createMaterial: materials.create,
  updateMaterial: materials.update,
  deleteMaterial: materials.remove,
  restoreMaterial: materials.restore,

  serviceTags: route({
    method: 'get',
    path: '/api/workspace/distinct/business-service/tags',
    summary: 'Tags used on my services (suggestions), distinct',
    auth: true,
    query: DistinctTagsQuery,
    response: DistinctTags,
    rpc: BusinessRpc.serviceTags,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  listServices: services.list,
  serviceHistory: services.history,
  getService: services.get,
  createService: services.create,
  updateService: services.update,
  deleteService: services.remove,
  restoreService: services.restore,

  // Orders and quotes (spec 002 §7; ADR 0057).
  ...OrderHttpRoutes,
  ...OrderDocumentHttpRoutes,
} satisfies Record<string, HttpRoute>;
