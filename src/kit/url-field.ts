/**
 * A URL as DRF's URLField takes it: the value with its surrounding whitespace trimmed (CharField's
 * `trim_whitespace`), then Django's URLValidator (django/core/validators.py): at most 2048 characters, no tab or line
 * break, a scheme of http, https, ftp or ftps, then `://`, an optional user and password, a host (an IPv4 address,
 * a bracketed valid IPv6 one, `localhost`, or a name whose last label is letters or punycode) of at most 253 characters, an
 * optional port, and no whitespace after it. A host of other scripts is taken as Django's range of characters above
 * U+00A0 takes it, without its IDNA encoding.
 */
import { isIPv6 } from "node:net";

const UL = "\\u00a1-\\uffff";
const IPV4 = "(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)(?:\\.(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)){3}";
const IPV6 = "\\[[0-9a-f:.]+\\]";
const HOSTNAME = `[a-z${UL}0-9](?:[a-z${UL}0-9-]{0,61}[a-z${UL}0-9])?`;
const DOMAIN = `(?:\\.(?!-)[a-z${UL}0-9-]{1,63}(?<!-))*`;
const TLD = `\\.(?!-)(?:[a-z${UL}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?`;
const HOST = `(?:${HOSTNAME}${DOMAIN}${TLD}|localhost)`;
const URL_VALIDATOR = new RegExp(
  `^(?:[a-z0-9.+-]*)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:${IPV4}|${IPV6}|${HOST})(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$`,
  "i",
);
const SCHEMES = ["http", "https", "ftp", "ftps"];
const MAX_LENGTH = 2048;
const MAX_HOST_LENGTH = 253;

/** Whether DRF's URLField takes `value` (its "Enter a valid URL." otherwise). */
export function urlFieldTakes(value: string): boolean {
  const url = value.trim();
  if (url.length > MAX_LENGTH || /[\t\r\n]/.test(url)) return false;
  if (!SCHEMES.includes(url.split("://")[0]!.toLowerCase())) return false;
  if (!URL_VALIDATOR.test(url)) return false;
  const host = /^[^:]*:\/\/(?:[^\s:@/]+(?::[^\s:@/]*)?@)?(\[[^\]]*\]|[^:/?#]*)/.exec(url)?.[1] ?? "";
  if (host.startsWith("[") && !isIPv6(host.slice(1, -1))) return false;
  return host.length <= MAX_HOST_LENGTH;
}
