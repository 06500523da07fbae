/**
 * The dashboard's field table: `name`, `description`, `pinned`, `tags` and `restriction_level` of DashboardSerializer
 * (products/dashboards/backend/api/dashboard.py in today's PostHog/posthog, posthog/api/dashboards/dashboard.py in
 * 2025-08-04), and its text tiles. Insights are placed on a dashboard by
 * their own `dashboards` (InsightSerializer, posthog/api/insight.py); text tiles are written through the dashboard's
 * `tiles` in a PATCH (DashboardSerializer.update → `_update_tiles`: a tile with `text` is created, or changed by its
 * `id`, with its `layouts`, `color` and `deleted`). `text_tiles` is the program's view of them: the text tiles of the
 * record, in the order they were made. Today's `_update_tiles` checks a text with TextSerializer. An insight tile's
 * layouts are written there too (or by today's `update_tile` action): an Insight's `layouts`
 * (src/kinds/insight/kind.ts).
 */
import { z } from "zod";
import type { Dashboard } from "./record";
import {
  CREATE_IN_FOLDER,
  type Equality,
  type FieldDef,
  type LeftOut,
  sameJson,
  sameTags,
  TAGGING,
  type ApiTypes,
} from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

const SERIALIZER = "DashboardSerializer, products/dashboards/backend/api/dashboard.py";

/** Dashboard.RestrictionLevel (posthog/models/dashboard.py): 21 everyone in the project can edit, 37 only collaborators. */
export const RESTRICTION_LEVELS = [21, 37] as const;

/** A text tile as a program writes it, and as `text_tiles` answers it. */
export interface TextTile {
  body: string;
  /** Positions per breakpoint (`sm`, `xs`): `{x, y, w, h}`; PostHog stores them as sent. */
  layouts?: Record<string, unknown>;
  color?: string | null;
}

/** The live text tiles of a full dashboard record (not the list's), in the order they were made (tile ids). */
export function textTilesOf(dashboard: Dashboard): Array<TextTile & { id: number; textId: number | undefined }> {
  return (dashboard.tiles ?? [])
    .filter((tile) => tile.text !== null && tile.text !== undefined)
    .sort((a, b) => a.id - b.id)
    .map((tile) => ({
      id: tile.id,
      textId: tile.text?.id,
      body: tile.text?.body ?? "",
      layouts: tile.layouts ?? {},
      color: tile.color ?? null,
    }));
}

/** The record with its text tiles as the program writes them (from the full record's `tiles`): what the kind answers. */
export type DashboardWithTiles = Dashboard & { text_tiles: TextTile[] };

export function withTextTiles(dashboard: Dashboard): DashboardWithTiles {
  return { ...dashboard, text_tiles: textTilesOf(dashboard).map(({ body, layouts, color }) => ({ body, layouts, color })) };
}

/**
 * The `tiles` of a PATCH that makes the live text tiles the declared ones: the first ones changed in place, extra
 * live ones deleted (with their text, which `_update_tiles` needs to reach them), missing ones created.
 */
export function textTileWrites(declared: readonly TextTile[], live: ReturnType<typeof textTilesOf>): Record<string, unknown>[] {
  const writes: Record<string, unknown>[] = [];
  for (const [i, tile] of declared.entries()) {
    const existing = live[i];
    const text = existing?.textId === undefined ? { body: tile.body } : { id: existing.textId, body: tile.body };
    writes.push({
      ...(existing ? { id: existing.id } : {}),
      text,
      ...(tile.layouts !== undefined ? { layouts: tile.layouts } : {}),
      ...(tile.color !== undefined ? { color: tile.color } : {}),
    });
  }
  for (const extra of live.slice(declared.length)) {
    writes.push({ id: extra.id, text: { ...(extra.textId === undefined ? {} : { id: extra.textId }), body: extra.body }, deleted: true });
  }
  return writes;
}

/** A declared tile equals a live one by its body, and by its layouts and color where it declares them. */
const sameTextTiles: Equality = (declared, live) => {
  const a = Array.isArray(declared) ? declared : [];
  const b = Array.isArray(live) ? live : [];
  return (
    a.length === b.length &&
    a.every((tile, i) => {
      const other: unknown = b[i];
      if (!isPlainObject(tile) || !isPlainObject(other)) return false;
      if (tile["body"] !== other["body"]) return false;
      if (tile["layouts"] !== undefined && !sameJson(tile["layouts"], other["layouts"])) return false;
      return tile["color"] === undefined || (tile["color"] ?? null) === (other["color"] ?? null);
    })
  );
};

const textTile = z.strictObject(
  {
    // Text.body is CharField(blank=True) in both versions (posthog/models/dashboard_tile.py): an empty tile is stored.
    body: z.string({ error: "must be the tile's text (markdown)" }),
    layouts: z.record(z.string(), z.unknown(), { error: "must be an object of positions per breakpoint (sm, xs)" }).optional(),
    color: z.string({ error: "must be a color name or null" }).nullable().optional(),
  },
  { error: "must be { body, layouts?, color? }" },
);

export const dashboardFields = {
  name: {
    input: z.string({ error: "must be a string" }).max(400, { error: `must be at most 400 characters (${SERIALIZER})` }),
    doc: "The dashboard's name, at most 400 characters.",
  },
  description: { input: z.string({ error: "must be a string" }), doc: "What the dashboard is for; may be empty." },
  pinned: { input: z.boolean({ error: "must be true or false" }), doc: "Whether the dashboard is pinned to the top of PostHog's list." },
  tags: {
    input: z.array(z.string({ error: "must be a list of strings" }), { error: "must be a list of strings" }),
    equal: sameTags,
    planFeature: TAGGING,
    doc: "Tags; PostHog trims and lower-cases them and keeps each once.",
  },
  restriction_level: {
    input: z.union([z.literal(21), z.literal(37)], {
      error: `must be 21 (everyone in the project can edit) or 37 (only collaborators can edit) (Dashboard.RestrictionLevel, ${SERIALIZER})`,
    }),
    doc: "Who can edit: 21, everyone in the project; 37, only collaborators. Only the dashboard's owner and project admins may change it.",
  },
  text_tiles: {
    // PostHog's create ignores `tiles`: they follow in a PATCH.
    afterCreate: true,
    sentAs: "tiles",
    beyondApiTypes:
      "the program's view of the dashboard's text tiles, written through PostHog's `tiles` in a PATCH (DashboardSerializer.update, `_update_tiles`)",
    type: "DashboardTextTile[]",
    input: z.array(textTile, { error: "must be a list of text tiles" }),
    equal: sameTextTiles,
    doc: "Text tiles (markdown cards), each `{body, layouts?, color?}`: `layouts` per breakpoint, `{sm: {x, y, w, h}}`. Insights are placed by their own `dashboards`.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const dashboardLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  last_accessed_at: "PostHog's: when the dashboard was last opened",
  breakdown_colors: "not yet managed: the dashboard's colours for breakdown values",
  data_color_theme_id: "not yet managed: the dashboard's chart colour theme",
  last_refresh: "PostHog's: when the dashboard's results were last computed",
  quick_filter_ids: "not yet managed: the dashboard's quick filters",
  use_template: "not yet managed: a template to make the dashboard from (create only)",
  use_dashboard: "not yet managed: a dashboard to duplicate (create only)",
  delete_insights:
    "an option of a deletion (the insights only on this dashboard go with it), not a setting: the kind's deletion leaves them",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const dashboardApiTypes: ApiTypes = { file: "products/dashboards/frontend/generated/api.schemas.ts", schemas: ["DashboardApi"] };
