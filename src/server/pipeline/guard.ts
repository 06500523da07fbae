/**
 * What makes the local server safe to leave running on a developer's machine, where any web page the browser shows
 * can send it requests:
 *
 * - Host check (every request): DNS rebinding points an attacker's name at 127.0.0.1, so the browser then sends its
 *   requests with `Host: attacker.example`. Only loopback names and addresses (localhost, 127.0.0.0/8, [::1]), the
 *   host the server was bound to and `allowedHosts` are accepted, with any port; anything else gets Django's
 *   DisallowedHost answer, 400 "Bad Request (400)". A request without a Host header (HTTP/1.0) passes.
 * - Control token: every /_control/ request carries `Authorization: Bearer <controlToken>`, compared in constant
 *   time. A browser page cannot learn the token: the server never answers a cross-origin read (no CORS headers).
 * - Cross-site writes: a page can send a "simple" cross-site POST without a preflight only with a form or text
 *   content type, and browsers always add `Origin` to such requests; /_control/ refuses both (see control/index.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const CONTROL_TOKEN_PREFIX = "ctl_";

/** `ctl_` + 32 random bytes in base64url (43 characters). */
export function generateControlToken(): string {
  return CONTROL_TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/** RFC 7235 token68: what can follow `Bearer ` in an Authorization header. */
const TOKEN68 = /^[A-Za-z0-9._~+/-]+=*$/;

/** Throws when a control token given to startServer could not be sent in an Authorization header. */
export function assertUsableControlToken(token: string): void {
  if (!TOKEN68.test(token)) throw new Error("controlToken must be a non-empty token68 (letters, digits and -._~+/, then optional =)");
}

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** Whether an Authorization header is `Bearer <token>`, in time independent of where (or whether) they differ. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  // Digests have one length whatever was sent, so timingSafeEqual never throws and leaks no length.
  const same = timingSafeEqual(sha256(m ? m[1] : ""), sha256(token));
  return m !== null && same;
}

/** Django's `host_validation_re`: a DNS name or IPv4 address, or a bracketed IPv6 address, then an optional port. */
const HOST_HEADER = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::[0-9]+)?$/i;

/** The host name of a Host header value (port dropped, lowercased, canonical as a browser would connect), or null. */
export function hostnameOf(hostHeader: string): string | null {
  const m = HOST_HEADER.exec(hostHeader.trim());
  if (!m) return null;
  let name = m[1].toLowerCase();
  if (name.endsWith(".")) name = name.slice(0, -1); // Django's split_domain_port drops a trailing dot
  try {
    return new URL(`http://${name}/`).hostname; // 127.1 → 127.0.0.1, [0:0:0:0:0:0:0:1] → [::1]
  } catch {
    return null;
  }
}

/** localhost, 127.0.0.0/8 or [::1], as `hostnameOf` returns them. */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** An `Origin` header of a page served from this machine's loopback (`null` and anything unparsable are not). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (u.protocol === "http:" || u.protocol === "https:") && isLoopbackHostname(u.hostname);
  } catch {
    return false;
  }
}

/** The Host values a server accepts: loopback, the host it was bound to, and `allowedHosts`; any port. */
export class HostPolicy {
  private readonly exact = new Set<string>();
  private readonly domains: string[] = [];
  private readonly any: boolean = false;

  /**
   * @param boundHost the address or name the server listens on; a wildcard (0.0.0.0, ::) adds nothing.
   * @param allowedHosts like Django's ALLOWED_HOSTS: a host name or address (a port is ignored), `.example.com` for
   *   example.com and its subdomains, `*` for any Host (no protection against DNS rebinding).
   */
  constructor(boundHost: string, allowedHosts: readonly string[] = []) {
    if (boundHost !== "" && boundHost !== "0.0.0.0" && boundHost !== "::") {
      const bound = hostnameOf(boundHost.includes(":") && !boundHost.startsWith("[") ? `[${boundHost}]` : boundHost);
      if (bound) this.exact.add(bound);
    }
    for (const entry of allowedHosts) {
      if (entry === "*") {
        this.any = true;
      } else if (entry.startsWith(".") && hostnameOf(entry.slice(1))) {
        this.domains.push(hostnameOf(entry.slice(1)) as string);
      } else {
        const name = hostnameOf(entry);
        if (!name) throw new Error(`allowedHosts: ${JSON.stringify(entry)} is not a host name, an address, .domain or *`);
        this.exact.add(name);
      }
    }
  }

  allows(hostHeader: string | undefined): boolean {
    if (hostHeader === undefined || this.any) return true;
    const name = hostnameOf(hostHeader);
    if (name === null) return false;
    return isLoopbackHostname(name) || this.exact.has(name) || this.domains.some((d) => name === d || name.endsWith(`.${d}`));
  }
}
