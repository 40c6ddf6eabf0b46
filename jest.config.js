// Three tiers: domain unit tests (no framework, no I/O), medium tests of a service with
// its real adapters against real Postgres and NATS, browser tests against the started stack.
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest'] };
const common = { transform, testEnvironment: 'node', moduleFileExtensions: ['ts', 'tsx', 'js', 'json'] };

module.exports = {
  // A global option: Jest ignores testTimeout inside a project entry.
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/domain/**/*.spec.ts', '<rootDir>/contracts/**/*.spec.ts', '<rootDir>/deploy/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'medium',
      testMatch: ['<rootDir>/services/**/test/**/*.medium.spec.ts', '<rootDir>/bff/test/**/*.medium.spec.ts'],
      // kysely 0.29 is ESM-only; Jest loads ESM from CommonJS tests only with --experimental-vm-modules,
      // so SWC compiles it to CommonJS like our own sources.
      transformIgnorePatterns: ['/node_modules/(?!kysely/)'],
      globalSetup: '<rootDir>/deploy/test/support/medium-servers.ts',
      globalTeardown: '<rootDir>/deploy/test/support/medium-servers-teardown.ts',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/web/test/**/*.browser.spec.ts'],
      globalSetup: '<rootDir>/web/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/web/test/support/global-teardown.ts',
    },
  ],
};
