/** Between Pulumi's view of a project and PostHog's: the kit's field-table model of Project, on its own. */
import { type PlacedProject, projectModel } from "../../../src/kinds/project/model";
import { projectKind } from "../../../src/kinds/project/kind";

const { declaredSettings, differingSettings, inputName, liveInputs, outputValue, recordedInputsOf, recordInputs, toOutputs, validate } =
  projectModel.forKind(projectKind);

const record = {
  id: 7,
  uuid: "u",
  organization: "org",
  organization_id: "org",
  api_token: "phc_x",
  name: "Web",
  created_at: "2026-11-26T00:00:00Z",
  anonymize_ips: false,
  session_recording_sample_rate: "0.20",
  modifiers: { debug: true, personsOnEventsMode: "disabled" },
  brand_new: 3,
} as unknown as PlacedProject;

test("declaredSettings: snake_case, normalised by the schema, with additionalSettings under their own names", () => {
  expect(declaredSettings({ name: "Web", sessionRecordingSampleRate: "0.5", additionalSettings: { brand_new: 1 } })).toEqual({
    name: "Web",
    session_recording_sample_rate: 0.5,
    brand_new: 1,
  });
});

test("differingSettings keeps only what differs, compared as PostHog rewrites", () => {
  const declared = declaredSettings({ name: "Web", anonymizeIps: true, sessionRecordingSampleRate: 0.2, modifiers: { debug: true } });
  expect(differingSettings(declared, (field) => record[field])).toEqual({ anonymize_ips: true });
});

test("toOutputs: ids, the kept fields, the declared settings live, recorded inputs kept, additional settings live", () => {
  const recorded = recordInputs({ name: "Web", apiTokenRotation: "r1", additionalSettings: { brand_new: 1 }, __provider: "x" });
  expect(recorded.declaredInputs).toEqual({ name: "Web", apiTokenRotation: "r1", additionalSettings: { brand_new: 1 } });
  const outputs = toOutputs(record, recorded);
  expect(outputs).toMatchObject({ projectId: 7, organizationId: "org", apiToken: "phc_x", apiTokenRotation: "r1" });
  expect(outputs.additionalSettings).toEqual({ brand_new: 3 });
  expect(recordedInputsOf(outputs)).toEqual(recorded);
  // Not declared: not in the state (getProject has it).
  expect(outputValue(outputs, "anonymize_ips")).toBeUndefined();
  expect(outputValue(toOutputs(record, recordInputs({ anonymizeIps: true })), "anonymize_ips")).toBe(false);
  expect(outputValue(outputs, "brand_new")).toBe(3);
});

test("toOutputs keeps only what PostHog sent and what the program declared: no null for an absent field", () => {
  const outputs = toOutputs(record, recordInputs({ name: "Web" }));
  expect(Object.keys(outputs).sort()).toEqual(["projectId", "organizationId", "uuid", "apiToken", "name", "declaredInputs"].sort());
  expect(recordedInputsOf(outputs)).toEqual({ kept: { apiTokenRotation: null, adoptProjectId: null }, declaredInputs: { name: "Web" } });
  // A declared additional setting PostHog did not send stays, as null: that is how it shows as not applied.
  expect(toOutputs(record, recordInputs({ additionalSettings: { unheard_of: 1 } })).additionalSettings).toEqual({ unheard_of: null });
});

test("liveInputs: the declared inputs, drifted ones with their live value in the program's form", () => {
  const declared = { name: "Web", anonymizeIps: true, sessionRecordingSampleRate: 0.2, modifiers: { debug: false }, organizationId: "org" };
  expect(liveInputs(declared, record)).toEqual({ ...declared, anonymizeIps: false, modifiers: { debug: true } });
});

test("inputName: an input, or a place in additionalSettings", () => {
  expect(inputName("anonymize_ips")).toBe("anonymizeIps");
  expect(inputName("brand_new")).toBe("additionalSettings.brand_new");
});

test("validate ignores __provider and undefined, and reports every problem", () => {
  expect(validate({ __provider: "code", name: "ok", timezone: undefined })).toEqual([]);
  expect(validate({ name: "", weekStartDay: 7 }).map((f) => f.property)).toEqual(["name", "weekStartDay"]);
});
