export * from './shared/domain-error';
export * from './shared/domain-event';
export * from './workspace/model-name';
export * from './workspace/model-permissions';
export * from './workspace/model.aggregate';
export * from './workspace/user.aggregate';
export * from './workspace/rate-limits';
export * from './workspace/policy';
