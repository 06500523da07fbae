/**
 * Timezone names PostHog accepts (pytz.all_timezones, exact case), approximated with the names this Node knows:
 * the canonical IANA list, "UTC", and aliases that Intl accepts when written with their proper capitalisation.
 */
const canonical = new Set<string>([...Intl.supportedValuesOf("timeZone"), "UTC"]);
const cache = new Map<string, boolean>();

function properlyCased(name: string): boolean {
  return name.split("/").every((segment) => segment.split(/[_-]/).every((word) => /^[A-Z0-9]/.test(word)));
}

export function isValidTimezone(name: string): boolean {
  if (canonical.has(name)) return true;
  const known = cache.get(name);
  if (known !== undefined) return known;
  let valid = false;
  try {
    const resolved = new Intl.DateTimeFormat(undefined, { timeZone: name }).resolvedOptions().timeZone;
    // A case variant of a canonical name ("america/new_york") is not a pytz name; a real alias ("US/Pacific") is.
    if (resolved === name) valid = true;
    else valid = resolved.toLowerCase() !== name.toLowerCase() && properlyCased(name) && !/^[+-]/.test(name);
  } catch {
    valid = false;
  }
  cache.set(name, valid);
  return valid;
}
