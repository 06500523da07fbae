/**
 * The Cohort lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly, and `isStatic`
 * replacing the cohort. Cohort names are not unique in PostHog, so after an unclear answer to the create the cohort is
 * looked for as Project's create does (by its name and a creation time after the create was sent) and, beyond that,
 * by what was sent: taken only when exactly one live cohort has the name, the time and the same definition.
 */
import { cohorts, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { Cohort } from "./record";
import { cohortDeclaration } from "./kind";
import { type CohortRecord, cohortState } from "./state";
import type { ProviderConfig } from "../../kit/config";
import { isUnknown } from "../project/state";

export class CohortProvider extends FieldTableLifecycle<Cohort> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(cohortDeclaration, cohortState, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<CohortRecord> {
    const name = body["name"];
    if (typeof name !== "string") throw new Error("name is required: a cohort is found again by its name");
    // The POST may have reached PostHog: its cohort, if any, has this name, this definition and a recent creation.
    const cohort = await this.createOnce(projectId, body, () => cohorts.createCohort(this.http(), projectId, body), {
      find: () => cohorts.findCohortsNamed(this.http(), projectId, name),
      described: `named "${name}"`,
      several: `named "${name}" with this definition`,
    });
    return { ...cohort, project_id: projectId };
  }

  /**
   * A static cohort is a fixed list and a dynamic one a definition: changing `isStatic` makes another cohort. Filters
   * declared without `isStatic` ask for a dynamic cohort too: a static one found in its place (flipped by hand, or
   * imported) is replaced rather than sent filters PostHog 2025-08-04 would keep unevaluated and today's refuses.
   */
  protected override replaces(olds: Json, news: Json): string[] {
    const replaces = super.replaces(olds, news);
    const declared = news["isStatic"];
    const wanted = declared === undefined ? (news["filters"] !== undefined ? false : undefined) : declared;
    if (wanted !== undefined && !isUnknown(wanted) && Boolean(wanted) !== Boolean(olds["isStatic"])) replaces.push("isStatic");
    return replaces;
  }
}
