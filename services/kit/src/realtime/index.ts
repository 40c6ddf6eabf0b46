/**
 * Which rooms hear an event (ADR 0019), pure and shared: the BFF's live pushes and the integrations
 * service's journal (ADR 0066) route with the same functions. Imported as `@kiln/service-kit/realtime`.
 */
export * from './push-plan';
export * from './rooms';
export * from './parse-event';
export * from './route-event';
export * from './audience';
export * from './business-pushes';
export * from './plugin-pushes';
export * from './model-pushes';
export * from './sharing-pushes';
export * from './team-pushes';
export * from './asset-item-pushes';
export * from './component-pushes';
export * from './font-pushes';
export * from './texture-pushes';
export * from './notification-pushes';
