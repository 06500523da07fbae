/** The current user: the one the API key belongs to, for the ids PostHog asks of users (an Alert's subscribedUsers). */
import type * as pulumi from "@pulumi/pulumi";
import { httpClient, lookupTransport, outputForm } from "./lazy";
import type { LookupOverrides } from "./overrides";

export interface CurrentUserResult {
  /** The user's numeric id, as `subscribedUsers` takes it; null where PostHog does not answer it (2025-08-04). */
  id: number | null;
  uuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  distinctId: string | null;
}

/** The user the API key belongs to (`/api/users/@me/`; the key needs the `user:read` scope). */
export async function getCurrentUser(args: LookupOverrides = {}, _opts?: pulumi.InvokeOptions): Promise<CurrentUserResult> {
  const { users } = await httpClient();
  const user = await users.getCurrentUser(await lookupTransport(args));
  return {
    id: user.id ?? null,
    uuid: user.uuid,
    email: user.email,
    firstName: user.first_name ?? null,
    lastName: user.last_name ?? null,
    distinctId: user.distinct_id ?? null,
  };
}

export const getCurrentUserOutput = outputForm(getCurrentUser);
