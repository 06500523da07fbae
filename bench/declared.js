/**
 * The settings every benchmarked project declares, defined once for the three that must send the same: the real
 * program (programs/posthog), the floor (programs/bare) and the plain script (raw.js, as PostHog names them).
 * `variant` changes two settings of every project, for the update benchmark.
 */
exports.declaredProject = (name, i, variant) => ({
  name: `${name} ${i}`,
  timezone: "Europe/Amsterdam",
  weekStartDay: 1,
  anonymizeIps: variant === 0,
  appUrls: [`https://app${i}.example.com`],
  sessionRecordingOptIn: true,
  sessionRecordingSampleRate: variant === 0 ? 0.5 : 0.25,
  testAccountFilters: [{ key: "$host", operator: "not_regex", value: "localhost", type: "event" }],
});
