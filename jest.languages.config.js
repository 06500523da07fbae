/**
 * `npm run test:languages`: the provider as a package in each language, through the real Pulumi CLI against the local
 * server (test/languages/): the plugin serving YAML and Python programs (the examples, secrets, imports, a killed
 * create), `pulumi package add` of plugin/, the plugin archives `pulumi plugin install` takes, every reference page's
 * TypeScript example and its notes' as the page prints them (test/languages/pages.test.ts), and the SDKs of sdk/ regenerated and
 * compared. Heavier than `npm test` allows (CLI runs of several languages, npm and pip installs, SDK generation, a
 * hundred resources of the pages), so a tier of its own, which .ci/run runs after the acceptance tier.
 */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test/languages"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  testTimeout: 600_000,
  maxWorkers: 1,
};
