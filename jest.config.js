/** Types are checked once by `npm run typecheck` (part of `npm test`); jest only transpiles, which keeps 2 cores free. */
const sdk = process.env.PULUMI_POSTHOG_SDK;

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  // The acceptance tier needs a real PostHog: `npm run test:acceptance` (jest.acceptance.config.js); the languages tier
  // is `npm run test:languages` (jest.languages.config.js).
  testPathIgnorePatterns: ["/node_modules/", "/test/acceptance/", "/test/languages/"],
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  testTimeout: 60_000,
  maxWorkers: 3,
  // The end-to-end files first where the last run's times are unknown (scripts/jest-sequencer.js).
  testSequencer: "<rootDir>/scripts/jest-sequencer.js",
  // npm run test:sdk-range: another @pulumi/pulumi than the development install's.
  ...(sdk ? { moduleNameMapper: { "^@pulumi/pulumi(.*)$": `${sdk}$1` } } : {}),
};
