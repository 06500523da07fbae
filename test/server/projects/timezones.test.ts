/** The timezone names PostHog accepts (src/server/projects/timezones.ts): pytz's, in exact case. */
import { isValidTimezone } from "../../../src/server/projects/timezones";

test("timezones: IANA names and properly cased aliases, exact case", () => {
  for (const ok of [
    "UTC",
    "Europe/Amsterdam",
    "America/Argentina/Buenos_Aires",
    "US/Pacific",
    "Asia/Kolkata",
    "Asia/Calcutta",
    "Etc/GMT+5",
    "GMT",
    "EST5EDT",
  ]) {
    expect([ok, isValidTimezone(ok)]).toEqual([ok, true]);
  }
  for (const bad of ["utc", "europe/amsterdam", "America/NEW_YORK", "Mars/Olympus", "+05:00", ""]) {
    expect([bad, isValidTimezone(bad)]).toEqual([bad, false]);
  }
});
