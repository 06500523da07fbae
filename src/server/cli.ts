#!/usr/bin/env node
import { closeOnSignals, runCli } from "./run-cli";

runCli(process.argv.slice(2), process.stdout).then(closeOnSignals, (e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
});
