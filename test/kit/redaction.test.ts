/** The redaction of an operation's secrets from its failures (src/kit/redaction.ts). */
import type * as pulumi from "@pulumi/pulumi";
import { PartialSuccess } from "../../src/kit/outcome";
import { FRAGMENT, redactSecrets, secretTexts, withRedactedFailures } from "../../src/kit/redaction";

const SECRET = "tok{en-9f3b2c71}";

test("a secret, any run of FRAGMENT of its characters, and a quoted part of it are redacted; the rest of the message stays", () => {
  const secrets = secretTexts([SECRET]);
  expect(redactSecrets(`declared {"token":{"value":"${SECRET}"}}`, secrets)).toBe('declared {"token":{"value":"[secret]"}}');
  // PostHog's template parser quotes the token it stumbled on.
  expect(redactSecrets("Invalid template: extraneous input 'en' expecting '}'", secrets)).toBe(
    "Invalid template: extraneous input '[secret]' expecting '}'",
  );
  expect(redactSecrets("line 1: no viable alternative at input '9f3b2'", secrets)).toBe(
    "line 1: no viable alternative at input '[secret]'",
  );
  expect(redactSecrets(`mismatched input 'c71}' at tok{e`, secrets)).toBe("mismatched input '[secret]' at [secret]");
  expect(FRAGMENT).toBe(4);
  // Shorter runs are left: they are everywhere.
  expect(redactSecrets("PostHog refused `inputs` in POST /api/projects/1/hog_functions/ (400 invalid_input)", secrets)).toBe(
    "PostHog refused `inputs` in POST /api/projects/1/hog_functions/ (400 invalid_input)",
  );
});

test("secretTexts: every string and number of the values, and their JSON-escaped form", () => {
  expect(secretTexts([{ value: '{"a":"b"}', n: 123456 }, ["xy"]]).sort()).toEqual(
    ['{"a":"b"}', '{\\"a\\":\\"b\\"}', "123456", "xy"].sort(),
  );
  expect(redactSecrets(JSON.stringify({ payload: '{"apiKey":"k-1234"}' }), secretTexts(['{"apiKey":"k-1234"}']))).toBe(
    '{"payload":"[secret]"}',
  );
});

test("a dynamic lifecycle's failures name none of the values its kind says are secret: check failures, errors, partial successes", async () => {
  const paths = (inputs: Record<string, unknown>) => (inputs["inputs"] ? [["inputs", "token"]] : []);
  const inputs = { name: "Hook", inputs: { token: { value: SECRET }, url: { valeu: "https://example.com" } } };
  const lifecycle: pulumi.dynamic.ResourceProvider = {
    check: async (_olds, news) => ({ inputs: news, failures: [{ property: "inputs", reason: `bad: ${JSON.stringify(news["inputs"])}` }] }),
    create: async (news) => {
      throw new PartialSuccess(`PostHog accepted but did not apply inputs (declared ${JSON.stringify(news["inputs"])})`, "1", {}, news);
    },
    update: async () => {
      throw new Error(`PostHog refused (400): Invalid template: extraneous input 'en-9f' expecting '}'`);
    },
  };
  const redacted = withRedactedFailures(lifecycle, paths);
  const checked = await redacted.check!({}, inputs);
  expect(checked.failures![0]!.reason).toBe('bad: {"token":{"value":"[secret]"},"url":{"valeu":"https://example.com"}}');
  const partial = await redacted.create(inputs).catch((error: PartialSuccess) => error);
  expect(partial).toBeInstanceOf(PartialSuccess);
  expect((partial as PartialSuccess).message).not.toContain("9f3b");
  expect((partial as PartialSuccess).reasons.join()).toContain('"value":"[secret]"');
  // The secret recorded by the last operation (the outputs' declaredInputs) is known to the next.
  const olds = { declaredInputs: inputs };
  await expect(redacted.update!("1", olds, { name: "Hook" })).rejects.toThrow(/extraneous input '\[secret\]' expecting/);
});
