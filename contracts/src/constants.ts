/**
 * `@kiln/contracts/constants`: the contracts' plain values (limits, defaults, headers, the spec's sentences)
 * without any zod schema. The web app imports values from here so its first load stays free of schema code
 * (docs/adr/0013); `@kiln/contracts` re-exports all of it, so server code imports as before.
 * Nothing here may import zod or a module that builds schemas.
 */
export * from './common/constants';
export * from './common/messages';
export * from './common/page-sizes';
export * from './workspace/auth.constants';
export * from './workspace/model.constants';
export * from './workspace/model-geometry.constants';
export * from './workspace/model-ui.constants';
export * from './workspace/model-id-hint.constants';
export * from './workspace/component.constants';
export * from './workspace/font.constants';
export * from './workspace/asset-item.constants';
export * from './workspace/access-token.constants';
export * from './workspace/community.constants';
export * from './workspace/texture.constants';
export * from './workspace/environment-map.constants';
export * from './realtime.constants';
export * from './commerce/units.constants';
export * from './commerce/material-classes';
export * from './commerce/business.constants';
export * from './commerce/order.constants';
export * from './commerce/order-document.constants';
export * from './commerce/store-orders.constants';
export * from './integrations/webhooks.constants';
export * from './assets/upload-kinds';
export * from './assets/upload-texts';
