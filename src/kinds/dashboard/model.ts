/**
 * Between Pulumi's view of a dashboard and PostHog's: the kit's field-table model over the dashboard's table
 * (src/kinds/dashboard/fields.ts), with what is the dashboard's own: its text tiles follow in a PATCH after the
 * create (PostHog's create ignores `tiles`), and the record carries them as `text_tiles`.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Dashboard } from "./record";
import { dashboardFields, type TextTile, textTilesOf } from "./fields";

export type DashboardWithTiles = Dashboard & { text_tiles: TextTile[] };
export type DashboardRecord = InProject<DashboardWithTiles>;

/** The record with its text tiles as the program writes them (from the full record's `tiles`). */
export function withTextTiles(dashboard: Dashboard): DashboardWithTiles {
  return { ...dashboard, text_tiles: textTilesOf(dashboard).map(({ body, layouts, color }) => ({ body, layouts, color })) };
}

const table = fieldModel<DashboardWithTiles>({
  className: "Dashboard",
  noun: "dashboard",
  summary: "A dashboard of a project, with its text tiles; insights are placed on it by their own `dashboards`.",
  outputTypes: {
    name: { type: "string | null", doc: "The dashboard's name." },
  },
  types: {
    DashboardTextTile: {
      type: "{\n  body: string;\n  /** Positions per breakpoint: `{ sm: { x, y, w, h } }`. */\n  layouts?: Record<string, unknown>;\n  color?: string | null;\n}",
      doc: "A text tile (markdown card) of a dashboard.",
    },
  },
  fields: dashboardFields,
  exampleInput: "restrictionLevel",
  // The outputs every Dashboard has besides its kind's (its id, its project): its name (a declared setting adds its
  // live value).
  fixedOutputs: (record) => ({ name: record.name }),
  // TaggedItemSerializerMixin saves tags only for organizations with the `tagging` plan feature.
});

export const dashboardModel: typeof table = { ...table, setAfterCreate: (field) => field === "text_tiles" };
