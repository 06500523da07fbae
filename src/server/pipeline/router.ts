/**
 * Path matching like PostHog's DefaultRouterPlusPlus: every route accepts an optional trailing slash and
 * path parameters match DRF's default lookup regex `[^/.]+`.
 */

export interface Match<R> {
  route: R;
  params: Record<string, string>;
}

interface Compiled<R> {
  route: R;
  regex: RegExp;
  names: string[];
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export class Router<R extends { pattern: string }> {
  private readonly compiled: Compiled<R>[];

  constructor(routes: readonly R[]) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      const source = route.pattern
        .replace(/\/+$/, "")
        .split("/")
        .map((segment) => {
          if (segment.startsWith(":")) {
            names.push(segment.slice(1));
            return "([^/.]+)";
          }
          return escapeRegex(segment);
        })
        .join("/");
      return { route, names, regex: new RegExp(`^${source}/?$`) };
    });
  }

  match(path: string): Match<R> | null {
    for (const c of this.compiled) {
      const m = c.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      c.names.forEach((name, i) => {
        params[name] = m[i + 1];
      });
      return { route: c.route, params };
    }
    return null;
  }
}
