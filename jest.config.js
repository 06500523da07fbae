/** Types are checked once by `npm run typecheck` (part of `npm test`); jest only transpiles, which keeps 2 cores free. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  testTimeout: 60_000,
  maxWorkers: 2,
};
