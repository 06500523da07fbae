/** Tokens as PostHog makes them (src/server/state/tokens.ts, after posthog/models/utils.py). */
import { BASE57, generatePersonalApiKey, generateProjectToken } from "../../../src/server/state/tokens";

test("tokens: phc_ + 44 base57 characters, phx_ + 48 or 49", () => {
  const alphabet = new Set(BASE57);
  expect(BASE57).toHaveLength(57);
  for (let i = 0; i < 200; i++) {
    const t = generateProjectToken();
    expect(t.startsWith("phc_") && t.length === 48).toBe(true);
    expect([...t.slice(4)].every((c) => alphabet.has(c))).toBe(true);
    expect([52, 53]).toContain(generatePersonalApiKey().length);
  }
});
