export * from './common/ids';
export * from './common/errors';
export * from './common/list';
export * from './common/messages';
export * from './workspace/user';
export * from './workspace/auth';
export * from './workspace/model';
export * from './workspace/team';
export * from './workspace/notification';
export * from './events/envelope';
export * from './events/workspace.events';
export * from './events/index';
export * from './realtime';
export * from './rpc';
export * from './http';
// The generated API documents are a separate entry, `@kiln/contracts/docs` (server-side only).
