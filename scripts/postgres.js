#!/usr/bin/env node
/**
 * A throwaway PostgreSQL server on 127.0.0.1, as a Pulumi state backend (`pulumi login postgres://…`): used by
 * test/e2e/team.test.ts, and by hand to try a shared backend:
 *
 *     node scripts/postgres.js        # prints {"backendUrl":"postgres://…","dataDir":"…"} and serves until Ctrl-C
 *
 * Binaries: the server from the machine's PostgreSQL packages (Debian's postgresql-15 puts initdb and postgres in
 * /usr/lib/postgresql/15/bin), found there, next to an `initdb` on PATH, or in PULUMI_POSTHOG_PG_BIN. When there is
 * none and we are root on a Debian-like machine (CI runs `npm test` as root on a fresh machine), `apt-get install
 * postgresql` brings them; otherwise the error says what to install.
 *
 * The server: `initdb` in a new temporary directory (with a password, scram-sha-256, no fsync: it lives for one test
 * run), then `postgres` listening on 127.0.0.1 only, on a free port, its Unix socket inside that directory. PostgreSQL
 * refuses to run as root, so as root both run as the `postgres` user (created when missing). `stop()` shuts it down
 * and removes the directory. Everything is asynchronous (child processes, no spawnSync) except the one-time install,
 * so that a server running in the same process (the local PostHog server of the tests) keeps answering.
 */
const { spawn, spawnSync } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const net = require("node:net");
const os = require("node:os");
const path = require("node:path");

const SERVER_BINARIES = ["initdb", "postgres", "pg_isready", "psql"];

const hasServer = (dir) => Boolean(dir) && SERVER_BINARIES.every((name) => fs.existsSync(path.join(dir, name)));

/** The directory holding initdb, postgres, pg_isready and psql, or undefined. */
function findPostgresBin() {
  const candidates = [];
  if (process.env.PULUMI_POSTHOG_PG_BIN) candidates.push(process.env.PULUMI_POSTHOG_PG_BIN);
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(debian, version, "bin"));
  }
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    const initdb = path.join(dir, "initdb");
    if (dir && fs.existsSync(initdb)) candidates.push(path.dirname(fs.realpathSync(initdb)));
  }
  return candidates.find(hasServer);
}

/** findPostgresBin(), installing Debian's PostgreSQL server first when it is missing and that is possible here. */
function ensurePostgresBin({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  let bin = findPostgresBin();
  if (bin) return bin;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const aptGet = ["/usr/bin/apt-get", "/bin/apt-get"].find((p) => fs.existsSync(p));
  if (root && aptGet) {
    log("PostgreSQL server binaries missing: apt-get install postgresql (once per machine)");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [
      ["update", "-qq"],
      ["install", "-y", "-qq", "--no-install-recommends", "postgresql"],
    ]) {
      const result = spawnSync(aptGet, args, { env, stdio: ["ignore", "ignore", "inherit"] });
      if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    }
    bin = findPostgresBin();
  }
  if (!bin) {
    throw new Error(
      "No PostgreSQL server binaries (initdb, postgres, pg_isready, psql). Install PostgreSQL (Debian/Ubuntu: " +
        "apt-get install postgresql; macOS: brew install postgresql) or set PULUMI_POSTHOG_PG_BIN to the directory that holds them.",
    );
  }
  return bin;
}

/** As root: the uid/gid of the `postgres` user (created if missing), since PostgreSQL refuses to run as root. */
function serverUser() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return {};
  const lookup = () => {
    const result = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    if (result.status !== 0) return undefined;
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    return { uid: Number(result.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  let user = lookup();
  if (!user) {
    spawnSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"], { stdio: "ignore" });
    user = lookup();
  }
  if (!user) throw new Error("Running as root, but there is no `postgres` user to run PostgreSQL as, and useradd could not create one");
  return user;
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${path.basename(command)} ${args.join(" ")} failed (exit ${code ?? signal}):\n${stderr || stdout}`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a PostgreSQL server. Resolves to { backendUrl, url, host, port, user, password, database, dataDir,
 * sql(query), stop() }: `backendUrl` is what `pulumi login` takes; `sql` runs one statement with psql and
 * resolves to its rows as arrays of strings.
 */
async function startPostgres({ user = "pulumi", database = "pulumi", log } = {}) {
  const bin = ensurePostgresBin(log ? { log } : undefined);
  const owner = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-pg-"));
  const password = crypto.randomBytes(18).toString("base64url");
  const dataDir = path.join(dir, "data");
  const pwfile = path.join(dir, "pwfile");
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner.uid !== undefined) {
    fs.chownSync(dir, owner.uid, owner.gid);
    fs.chownSync(pwfile, owner.uid, owner.gid);
  }
  const as = { ...owner, cwd: dir, env: { ...process.env, LC_ALL: "C", LANG: "C" } };
  try {
    await run(
      path.join(bin, "initdb"),
      ["-D", dataDir, "-U", user, `--pwfile=${pwfile}`, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-sync"],
      as,
    );
  } finally {
    fs.rmSync(pwfile, { force: true });
  }

  let server;
  let port;
  let exited;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const logFile = fs.openSync(path.join(dir, "postgres.log"), "a");
    if (owner.uid !== undefined) fs.fchownSync(logFile, owner.uid, owner.gid);
    server = spawn(
      path.join(bin, "postgres"),
      [
        "-D",
        dataDir,
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        `port=${port}`,
        "-c",
        `unix_socket_directories=${dir}`,
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
        "-c",
        "max_connections=40",
        "-c",
        "shared_buffers=16MB",
      ],
      { ...as, stdio: ["ignore", logFile, logFile] },
    );
    fs.closeSync(logFile);
    exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? signal)));
    let gone = false;
    exited.then(() => (gone = true));
    const deadline = Date.now() + 30_000;
    let ready = false;
    while (!gone && Date.now() < deadline) {
      ready = await run(path.join(bin, "pg_isready"), ["-q", "-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", "postgres"]).then(
        () => true,
        () => false,
      );
      if (ready) break;
      await sleep(100);
    }
    if (ready) break;
    const why = fs.readFileSync(path.join(dir, "postgres.log"), "utf8").trim().split("\n").slice(-5).join("\n");
    if (!gone) server.kill("SIGKILL");
    await exited;
    // Another process may have taken the port between freePort() and postgres binding it: try another.
    if (attempt >= 3 || !/could not (bind|create listen)/i.test(why)) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`PostgreSQL did not start:\n${why}`);
    }
  }

  const clientEnv = { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: "10" };
  const psql = (db, query) =>
    run(
      path.join(bin, "psql"),
      [
        "-X",
        "-q",
        "-A",
        "-t",
        "-F",
        "\t",
        "-v",
        "ON_ERROR_STOP=1",
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        user,
        "-d",
        db,
        "-c",
        query,
      ],
      { env: clientEnv },
    );
  await psql("postgres", `CREATE DATABASE ${database}`);

  const url = `postgres://${user}:${password}@127.0.0.1:${port}/${database}`;
  // Should this process end without stop() (a test runner killing its worker), take the server down with it.
  const onExit = () => {
    server.kill("SIGQUIT"); // immediate shutdown
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  let stopped;
  return {
    /** What `pulumi login` takes: no TLS on loopback. */
    backendUrl: `${url}?sslmode=disable`,
    url,
    host: "127.0.0.1",
    port,
    user,
    password,
    database,
    dataDir,
    async sql(query) {
      const { stdout } = await psql(database, query);
      return stdout
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => line.split("\t"));
    },
    stop() {
      stopped ??= (async () => {
        process.removeListener("exit", onExit);
        server.kill("SIGINT"); // fast shutdown
        const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
        fs.rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

module.exports = { findPostgresBin, ensurePostgresBin, startPostgres };

if (require.main === module) {
  startPostgres().then(
    (pg) => {
      console.log(JSON.stringify({ backendUrl: pg.backendUrl, dataDir: pg.dataDir }));
      console.error(`pulumi login '${pg.backendUrl}'   (Ctrl-C stops the server and deletes its data)`);
      const stop = () => pg.stop().then(() => process.exit(0));
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    },
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
