/** The logic of the `pulumi-posthog-server` command: parse arguments, start, print one JSON line. */
import { startServer, type RunningServer } from ".";
import { isPostHogVersion, POSTHOG_VERSIONS, type PostHogVersion } from "./pipeline/version";

export interface CliArgs {
  port: number;
  host: string;
  statePath?: string;
  /** Host header values accepted besides loopback and the bound host (StartServerOptions.allowedHosts). */
  allowedHosts?: string[];
  /** StartServerOptions.deletionPurgeMs. */
  deletionPurgeMs?: number;
  /** StartServerOptions.postHogVersion. */
  postHogVersion?: PostHogVersion;
}

export const USAGE =
  "usage: pulumi-posthog-server [--port N] [--state FILE] [--host H] [--allowed-host NAME]... [--deletion-purge-ms N] [--posthog-version current|2025-08-04]";

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { port: 0, host: "127.0.0.1" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes("=")
      ? [argv[i].slice(0, argv[i].indexOf("=")), argv[i].slice(argv[i].indexOf("=") + 1)]
      : [argv[i], undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    if (flag === "--port") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--port must be an integer 0..65535\n${USAGE}`);
      args.port = n;
    } else if (flag === "--state") args.statePath = value();
    else if (flag === "--host") args.host = value();
    else if (flag === "--allowed-host") args.allowedHosts = [...(args.allowedHosts ?? []), value()];
    else if (flag === "--deletion-purge-ms") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new Error(`--deletion-purge-ms must be an integer ≥ 0\n${USAGE}`);
      args.deletionPurgeMs = n;
    } else if (flag === "--posthog-version") {
      const v = value();
      if (!isPostHogVersion(v)) throw new Error(`--posthog-version must be one of ${POSTHOG_VERSIONS.join(", ")}\n${USAGE}`);
      args.postHogVersion = v;
    } else throw new Error(`unknown argument ${argv[i]}\n${USAGE}`);
  }
  return args;
}

/** Whether a --host value is a loopback address (127.0.0.0/8, also IPv4-mapped, ::1, localhost): this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

/** What binding `host` exposes, or undefined for loopback. */
export function exposureWarning(host: string): string | undefined {
  if (isLoopback(host)) return undefined;
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  const where = bare === "0.0.0.0" || bare === "::" ? "every network interface of this machine" : `${host}, an address other than loopback`;
  return (
    `pulumi-posthog-server: warning: --host ${host} binds ${where}, so other machines can reach the server. Whoever ` +
    "can reach it and learns the all-access API key printed below can read and change every project and its API key. " +
    "Use --host 127.0.0.1 (the default) unless other machines must reach it, and then only on a network you trust."
  );
}

/**
 * Start the server and print `{"url","organizationId","apiKey","controlToken"}` as one line on stdout; a warning,
 * if the address it binds is not loopback, on stderr.
 */
export async function runCli(
  argv: readonly string[],
  stdout: { write(chunk: string): unknown },
  stderr: { write(chunk: string): unknown } = process.stderr,
): Promise<RunningServer> {
  const args = parseArgs(argv);
  const warning = exposureWarning(args.host);
  if (warning) stderr.write(`${warning}\n`);
  const server = await startServer({
    port: args.port,
    host: args.host,
    statePath: args.statePath,
    allowedHosts: args.allowedHosts,
    deletionPurgeMs: args.deletionPurgeMs,
    postHogVersion: args.postHogVersion,
  });
  const { url, organizationId, apiKey, controlToken } = server;
  stdout.write(`${JSON.stringify({ url, organizationId, apiKey, controlToken })}\n`);
  return server;
}

/** Close on SIGINT/SIGTERM and exit 0. */
export function closeOnSignals(server: RunningServer, exit: (code: number) => void = (c) => process.exit(c)): void {
  const stop = () => {
    server.close().then(
      () => exit(0),
      () => exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
