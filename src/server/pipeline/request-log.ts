/** The log of /api/ and capture requests that the control surface returns (never with credentials). */

import { setKey } from "../state/json";

export interface LoggedRequest {
  method: string;
  path: string;
  /** Query parameters (last value of each); `personal_api_key` is redacted. */
  query: Record<string, string>;
  /** Status sent; 0 when the connection was dropped without a response. */
  status: number;
  /** ISO time the request was received. */
  at: string;
  /** Top-level keys of a JSON object body. */
  bodyKeys?: string[];
  /** Id of the fault that answered, if any. */
  fault?: string;
  /** Message of an unexpected exception (answered with 500). */
  error?: string;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > 10_000) this.entries.shift();
  }

  list(): LoggedRequest[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}

export function loggableQuery(query: Map<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, values] of query) setKey(out, k, k === "personal_api_key" ? "[redacted]" : values[values.length - 1]!);
  return out;
}
