/**
 * `npm run test:acceptance`: the acceptance tier, against a real PostHog (test/acceptance/real-posthog.ts says which).
 * Separate from jest.config.js, so that `npm test` never needs a real PostHog. One file at a time: the files share one
 * backend, and each drives the Pulumi CLI, which takes both cores.
 */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test/acceptance"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  globalSetup: "<rootDir>/test/acceptance/global-setup.ts",
  globalTeardown: "<rootDir>/test/acceptance/global-teardown.ts",
  testTimeout: 300_000,
  maxWorkers: 2,
};
