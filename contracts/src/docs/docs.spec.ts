import { eventSubject } from '../events/envelope';
import { EventSchemas } from '../events';
import { HttpRoutes } from '../http';
import { buildAsyncApi, PUBLISHED_STREAMS } from './asyncapi';
import { buildOpenApi } from './openapi';

type OpenApi = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, unknown>; parameters: { name: string; in: string; required: boolean }[] }>
  >;
};
type AsyncApi = {
  asyncapi: string;
  channels: Record<string, { address: string }>;
  operations: Record<string, { action: string }>;
  components: { messages: Record<string, { name: string; payload: unknown }> };
};

describe('buildOpenApi', () => {
  const doc = buildOpenApi() as OpenApi;

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it.each(Object.entries(HttpRoutes))('documents %s', (operationId, route) => {
    const operation = doc.paths[route.path]?.[route.method];
    expect(operation).toBeDefined();
    expect(operation.operationId).toBe(operationId);
    expect(Object.keys(operation.responses)).toContain(String('status' in route ? route.status : 200));
  });

  it('documents no route that is not in the contracts', () => {
    const documented = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(documented.sort()).toEqual(Object.keys(HttpRoutes).sort());
  });

  it('names the path parameter of a model route and the list query parameters', () => {
    expect(doc.paths['/api/workspace/model/{id}'].get.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    const listParams = doc.paths['/api/workspace/model'].get.parameters.map((p) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['where', 'sort', 'populate', 'skip', 'limit']));
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});

describe('buildAsyncApi', () => {
  const doc = buildAsyncApi() as AsyncApi;

  it('is an AsyncAPI 3 document', () => {
    expect(doc.asyncapi).toBe('3.0.0');
  });

  const published = PUBLISHED_STREAMS.flatMap((stream) => Object.keys(stream.events).map((type) => [type, stream.name] as const));

  it.each(published)('documents %s on its JetStream subject, in stream %s', (type, stream) => {
    const key = type.replace(/\./g, '_');
    expect(doc.channels[key].address).toBe(eventSubject(type));
    expect(doc.channels[key].address).toBe(`evt.${type}`);
    expect(doc.components.messages[key].name).toBe(type);
    expect(doc.components.messages[key].payload).toEqual(expect.objectContaining({ type: 'object' }));
    expect(doc.operations[`on_${key}`].action).toBe('receive');
    expect((doc.channels[key] as Record<string, unknown>)['x-kiln-stream']).toBe(stream);
  });

  it('documents exactly the events of the catalogue', () => {
    expect(
      Object.values(doc.components.messages)
        .map((m) => m.name)
        .sort(),
    ).toEqual(Object.keys(EventSchemas).sort());
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
