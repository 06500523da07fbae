/**
 * Action's field table: PostHog's rules refused before anything is sent (each failure names the field and the rule),
 * PostHog's form of a step (every field, null when unset, its selector_regex) compared equal, the name in every PATCH.
 */
import { actionModel } from "../../../src/kinds/action/kind";

const failures = (inputs: Record<string, unknown>) => actionModel.validate({ name: "Signed up", ...inputs });

test("valid inputs pass", () => {
  expect(
    failures({
      projectId: 3,
      description: "",
      steps: [
        { event: "$pageview", url: "/welcome", url_matching: "contains" },
        {
          event: "$autocapture",
          selector: "button.buy",
          text: "Buy",
          text_matching: "exact",
          href: null,
          properties: [{ key: "plan", value: "pro" }],
        },
      ],
      tags: ["Web"],
    }),
  ).toEqual([]);
});

test.each([
  [{ name: undefined }, "name", "name is required"],
  [{ name: "  " }, "name", "may not be blank"],
  [{ name: "n".repeat(401) }, "name", "at most 400 characters"],
  [{ steps: {} }, "steps", "must be a list of steps"],
  [{ steps: ["$pageview"] }, "steps", "steps[0] must be an object"],
  [{ steps: [{ url: "/x", url_matching: "startswith" }] }, "steps", 'steps[0].url_matching must be one of "contains", "regex", "exact"'],
  [{ steps: [{ text_matching: "like" }] }, "steps", "steps[0].text_matching must be one of"],
  [{ steps: [{ event: "" }] }, "steps", "steps[0].event may not be empty"],
  [{ steps: [{ url: " " }] }, "steps", "steps[0].url may not be blank"],
  [{ steps: [{ evnt: "$pageview" }] }, "steps", "steps[0].evnt is not a step field"],
  [{ steps: [{ properties: {} }] }, "steps", "steps[0].properties must be a list of property filters"],
  [{ steps: [{ selector: 3 }] }, "steps", "steps[0].selector must be a string"],
  [{ tags: "web" }, "tags", "must be a list of strings"],
  [{ descripton: "x" }, "descripton", "Did you mean `description`?"],
  [{ postToSlack: "yes" }, "postToSlack", "must be true or false"],
  [{ slackMessageFormat: "x".repeat(1201) }, "slackMessageFormat", "at most 1200 characters (Action.slack_message_format"],
  [{ slackMessageFormat: 3 }, "slackMessageFormat", "must be a string"],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs);
  expect(found).toHaveLength(1);
  expect(found[0]!.property).toBe(property);
  expect(found[0]!.reason).toContain(reason);
});

test("the Slack message: 1200 characters after PostHog trims it, emoji counted once; compared trimmed", () => {
  expect(failures({ slackMessageFormat: ` ${"😀".repeat(1200)} ` })).toEqual([]);
  expect(actionModel.valuesEqual("slack_message_format", " [action.name] matched ", "[action.name] matched")).toBe(true);
  expect(actionModel.valuesEqual("slack_message_format", "[action.name]", "")).toBe(false);
});

test("PostHog's form of the steps compares equal; a changed step does not", () => {
  const declared = [{ event: "$pageview", url: "/welcome", url_matching: "contains" }];
  const live = [
    {
      event: "$pageview",
      properties: null,
      selector: null,
      selector_regex: null,
      tag_name: null,
      text: null,
      text_matching: null,
      href: null,
      href_matching: null,
      url: "/welcome",
      url_matching: "contains",
    },
  ];
  expect(actionModel.valuesEqual("steps", declared, live)).toBe(true);
  expect(actionModel.valuesEqual("steps", declared, [{ ...live[0], url_matching: "exact" }])).toBe(false);
  expect(actionModel.valuesEqual("tags", ["Web", "web"], ["web"])).toBe(true);
  // A step without url_matching is stored with ActionStepJSON's default, "contains" (measured on 2025-08-04).
  const stored = { ...live[0], event: "signed_up", url: null, url_matching: "contains" };
  expect(actionModel.valuesEqual("steps", [{ event: "signed_up" }], [stored])).toBe(true);
  expect(actionModel.valuesEqual("steps", [{ event: "signed_up", url_matching: null }], [{ ...stored, url_matching: null }])).toBe(true);
  expect(actionModel.valuesEqual("steps", [{ event: "signed_up", url_matching: "exact" }], [stored])).toBe(false);
});

test("every PATCH carries the name: the live one when it is not being changed", () => {
  expect(actionModel.withLiveKeys({ description: "d" }, (field) => (field === "name" ? "Live" : undefined))).toEqual({
    description: "d",
    name: "Live",
  });
  expect(actionModel.withLiveKeys({ name: "New" }, () => "Live")).toEqual({ name: "New" });
});
