/**
 * Path segments built from ids a user typed. `encodeURIComponent` leaves `.` and `..` alone, and URL resolution
 * turns `/organizations/../projects/` into `/projects/`: an id is checked before it becomes part of a path, so that a
 * request can only ever reach the endpoint it names.
 */

/** An organization: its UUID, `@current` (the key owner's current organization) or a slug. */
const ORGANIZATION_ID = /^(@current|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z0-9][a-z0-9_-]{0,63})$/i;

export const ORGANIZATION_ID_RULE = "must be an organization UUID, `@current`, or a slug of letters, digits, `-` and `_`";

export function isOrganizationId(value: unknown): value is string {
  return typeof value === "string" && ORGANIZATION_ID.test(value);
}

export function organizationSegment(organizationId: string): string {
  if (!isOrganizationId(organizationId)) {
    throw new Error(`The PostHog organization id ${JSON.stringify(organizationId)} ${ORGANIZATION_ID_RULE}.`);
  }
  return encodeURIComponent(organizationId);
}

/** Projects, environments and group types are numbered. */
export function numberSegment(what: string, id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(`The PostHog ${what} ${JSON.stringify(id)} must be a whole number.`);
  return String(id);
}

/** Surveys, hog functions and alerts are keyed by UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidSegment(what: string, id: string): string {
  if (typeof id !== "string" || !UUID.test(id)) throw new Error(`The PostHog ${what} ${JSON.stringify(id)} must be a UUID.`);
  return id.toLowerCase();
}

/** Playlists and notebooks are keyed by their short id (`lookup_field = "short_id"`): letters and digits. */
const SHORT_ID = /^[0-9A-Za-z]{1,12}$/;

export function shortIdSegment(what: string, id: string): string {
  if (typeof id !== "string" || !SHORT_ID.test(id))
    throw new Error(`The PostHog ${what} ${JSON.stringify(id)} must be a short id (letters and digits).`);
  return id;
}

/**
 * Endpoints are keyed by their name (`lookup_field = "name"`, products/endpoints/backend/presentation/views): a
 * letter, then letters, digits, `_` and `-`, at most 128 (ENDPOINT_NAME_REGEX, products/endpoints/backend/constants.py).
 */
export const ENDPOINT_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,127}$/;

export function nameSegment(what: string, name: string): string {
  if (typeof name !== "string" || !ENDPOINT_NAME.test(name))
    throw new Error(
      `The PostHog ${what} ${JSON.stringify(name)} must be a name: a letter, then letters, digits, \`_\` and \`-\`, at most 128.`,
    );
  return name;
}
