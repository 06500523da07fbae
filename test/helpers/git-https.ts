/**
 * A git host over HTTPS, reached through a proxy on loopback, for tests of what users install from a git URL (`pulumi
 * package add https://<host>/<owner>/<repo>.git/plugin@v<version>`).
 *
 * Why this shape, measured with the pinned CLI (v3.274.1):
 * - It turns a git:// URL into https:// and clones with go-git, which speaks git's smart HTTP protocol only: so `git
 *   daemon` will not do, and a plain http:// URL is refused by the CLI's URL parsing. The repository is served by `git
 *   http-backend` (git's own smart HTTP server, run as CGI per request) over TLS, with a certificate made here by
 *   openssl; clients trust it through their own means (the CLI, a Go program: SSL_CERT_FILE), verification stays on.
 * - `pulumi package add` of a URL with a port (https://127.0.0.1:<port>/…) panics: it records the source without its
 *   scheme, reads it back as a URL, and "127.0.0.1:<port>/…" does not parse (pkg/cmd/pulumi/packagecmd/package_add.go,
 *   IsLocalPluginPath). So the URL names a host on port 443, as a real git host does (`git.pulumi-posthog.test`, a
 *   reserved name that resolves nowhere), and the client reaches it through HTTPS_PROXY (Go's and npm's standard
 *   proxy variable): a proxy on loopback that answers CONNECT to that host itself and tunnels every other host (the npm
 *   registry, which the plugin's install reaches), so that nothing else the commands do changes.
 * - The CLI takes the first segment of a git URL's path for the package's namespace, which a package name must match
 *   (so `<owner>/<repo>.git`, as on GitHub, never `<repo>.git` alone).
 */
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

/** The git host's name: under .test (RFC 2606), so that it can never be a real one. */
const HOST = "git.pulumi-posthog.test";

export interface GitHttpsServer {
  /** `https://git.pulumi-posthog.test/<repository>.git`: the repository's URL. */
  url: string;
  /** What a client needs to reach and trust it: HTTPS_PROXY and SSL_CERT_FILE (the server's certificate). */
  env: Record<string, string>;
  close(): Promise<void>;
}

const run = (file: string, args: string[], cwd?: string) => promisify(execFile)(file, args, { cwd, maxBuffer: 64 * 1024 * 1024 });

/**
 * Serves the commit `checkout`'s HEAD as the repository `<repository>.git` (an `owner/name` path), its default branch
 * `main` and the tag `tag` on that commit: what users clone is what is committed, never the working tree's changes.
 */
export async function startGitHttpsServer(checkout: string, repository: string, tag: string): Promise<GitHttpsServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-git-https-"));
  const bare = path.join(dir, `${repository}.git`);
  fs.mkdirSync(path.dirname(bare), { recursive: true });
  await run("git", ["init", "--quiet", "--bare", "--initial-branch=main", bare]);
  await run("git", ["push", "--quiet", bare, "HEAD:refs/heads/main", `HEAD:refs/tags/${tag}`], checkout);

  const keyFile = path.join(dir, "key.pem");
  const caFile = path.join(dir, "cert.pem");
  await run("openssl", [
    ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${HOST}`],
    ...["-addext", `subjectAltName=DNS:${HOST}`, "-keyout", keyFile, "-out", caFile],
  ]);

  const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(caFile) }, (request, response) => {
    const url = new URL(request.url ?? "/", `https://${HOST}`);
    // The CGI variables git-http-backend reads (Documentation/git-http-backend.txt). It inflates a gzip request
    // body itself when HTTP_CONTENT_ENCODING says so, and GIT_PROTOCOL carries the client's protocol version.
    const header = (name: string) => (typeof request.headers[name] === "string" ? (request.headers[name] as string) : "");
    const backend = spawn("git", ["http-backend"], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: dir,
        GIT_HTTP_EXPORT_ALL: "1",
        GATEWAY_INTERFACE: "CGI/1.1",
        REQUEST_METHOD: request.method ?? "GET",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: header("content-type"),
        ...(header("content-length") ? { CONTENT_LENGTH: header("content-length") } : {}),
        HTTP_CONTENT_ENCODING: header("content-encoding"),
        GIT_PROTOCOL: header("git-protocol"),
        REMOTE_ADDR: request.socket.remoteAddress ?? "127.0.0.1",
      },
    });
    request.pipe(backend.stdin);
    let errors = "";
    backend.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    // The CGI answer: header lines (a `Status:` line for anything but 200), an empty line, then the body, streamed.
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      backend.stdout.off("data", onData);
      let status = 200;
      for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
        const colon = line.indexOf(":");
        const [field, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
        if (field.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else response.setHeader(field, value);
      }
      response.writeHead(status);
      response.write(head.subarray(end + 4));
      backend.stdout.pipe(response);
    };
    backend.stdout.on("data", onData);
    backend.on("close", (code) => {
      if (response.headersSent) return;
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(`git http-backend exited ${code}: ${errors}`);
    });
  });
  // The proxy: CONNECT to the git host is answered by the server above on the same socket; any other is tunnelled.
  const proxy = http.createServer((_request, response) => response.writeHead(405).end());
  proxy.on("connect", (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const [host, port] = (request.url ?? "").split(":");
    socket.on("error", () => socket.destroy());
    if (host === HOST) {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) socket.unshift(head);
      server.emit("connection", socket);
      return;
    }
    const upstream = net.connect(Number(port || 443), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.end("HTTP/1.1 502 Bad Gateway\r\n\r\n"));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `https://${HOST}/${repository}.git`,
    env: { HTTPS_PROXY: `http://127.0.0.1:${port}`, SSL_CERT_FILE: caFile },
    close: async () => {
      for (const closing of [proxy, server]) {
        closing.closeAllConnections();
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
