export * from './rate-limit-config';
export * from './rate-limiter';
export * from './command-limit';
