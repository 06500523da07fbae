/**
 * A real PostgreSQL server for one test file, as a Pulumi state backend (`pulumi login postgres://…`). The work is
 * done by scripts/postgres.js (also usable by hand: `node scripts/postgres.js`), which finds the machine's PostgreSQL
 * server binaries (installing Debian's when they are missing and we are root, as on CI), runs initdb and postgres as
 * the `postgres` user when we are root, on 127.0.0.1 and a free port, in a temporary directory. All asynchronous:
 * the local PostHog server of the same jest process keeps answering meanwhile.
 */
export interface Postgres {
  /** `postgres://user:password@127.0.0.1:port/db?sslmode=disable`: what `pulumi login` takes. */
  backendUrl: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Runs one SQL statement with psql; its rows, as arrays of text. */
  sql(query: string): Promise<string[][]>;
  stop(): Promise<void>;
}

const { startPostgres: start } = require("../../scripts/postgres") as {
  startPostgres(options?: { user?: string; database?: string; log?: (line: string) => void }): Promise<Postgres>;
};

export const startPostgres = (options?: { user?: string; database?: string }): Promise<Postgres> => start(options);
