/**
 * Project activity log (scope "Team"): entries on create, update and reset_token; activity pages
 * (posthog/api/project.py `ProjectViewSet.activity`, posthog/models/activity_logging/activity_page.py
 * `activity_page_response`).
 */
import { validationError } from "../drf/errors";
import { formatQueryParamsAbsoluteUrl } from "../drf/pagination";
import { pyInt } from "../drf/py";
import type { ServerRequest } from "../pipeline/http";
import type { Json } from "../state/json";
import type { Store } from "../state/store";
import { isoFromMicros, nowMicros } from "../state/time";
import { uuidt } from "../state/tokens";
import type { ActivityChange, ActivityRecord, ActivityUser, UserRecord } from "../state/types";

export const SYSTEM_USER: ActivityUser = { first_name: "System", email: null, is_system: true };

export function activityUser(user: UserRecord): ActivityUser {
  return {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinctId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_email_verified: true,
  };
}

export interface ActivityPage {
  results: unknown[];
  next: string | null;
  previous: string | null;
  total_count: number;
}

export class ActivityLog {
  constructor(private readonly store: Store) {}

  record(teamId: number, user: UserRecord | null, activity: string, changes: ActivityChange[] | null, name: string | null): void {
    const entry: ActivityRecord = {
      id: uuidt(),
      teamId,
      user: user ? activityUser(user) : SYSTEM_USER,
      isSystem: user === null,
      activity,
      scope: "Team",
      itemId: String(teamId),
      changes,
      name,
      createdAtMicros: nowMicros(),
    };
    this.store.state.activity.push(entry);
    this.store.changed();
  }

  /** One "changed" entry per field whose value differs. */
  static changes(fields: ReadonlyArray<{ field: string; before: Json; after: Json }>): ActivityChange[] {
    return fields.map(({ field, before, after }) => ({ type: "Team", action: "changed", field, before, after }));
  }

  page(req: ServerRequest, teamId: number): ActivityPage {
    const limit = readPositive(req.param("limit"), 10, "limit");
    const page = readPositive(req.param("page"), 1, "page");
    const all = this.store.state.activity
      .filter((a) => a.teamId === teamId && a.scope === "Team")
      .sort((a, b) => b.createdAtMicros - a.createdAtMicros);
    const start = (page - 1) * limit;
    const results = all.slice(start, start + limit).map(serialize);
    const hasNext = start + limit < all.length;
    return {
      results,
      next: hasNext ? formatQueryParamsAbsoluteUrl(req, page + 1, limit, "page") : null,
      previous: page > 1 ? formatQueryParamsAbsoluteUrl(req, page - 1, limit, "page") : null,
      total_count: all.length,
    };
  }
}

/** Newer PostHog (`parse_activity_page_params`): a non-numeric or non-positive value is a 400. */
function readPositive(text: string | undefined, fallback: number, attr: string): number {
  if (text === undefined) return fallback;
  const n = pyInt(text);
  if (n === null) throw validationError("A valid integer is required.", attr, "invalid");
  if (n < 1) throw validationError("Ensure this value is greater than or equal to 1.", attr, "min_value");
  return n;
}

function serialize(a: ActivityRecord): unknown {
  return {
    id: a.id,
    user: a.user,
    unread: false,
    is_system: a.isSystem,
    activity: a.activity,
    scope: a.scope,
    item_id: a.itemId,
    detail: { id: a.itemId, changes: a.changes, merge: null, trigger: null, name: a.name, short_id: null, type: null },
    created_at: isoFromMicros(a.createdAtMicros),
  };
}
