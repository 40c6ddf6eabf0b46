// The API documents generated from the contracts (OpenAPI, AsyncAPI, the event catalogue). Server-side
// only: imported as `@kiln/contracts/docs` by the BFF and the docs script, never through the main
// barrel, so the JSON-schema generation code stays out of the web app's bundle.
export * from './openapi';
export * from './asyncapi';
export * from './event-catalogue';
