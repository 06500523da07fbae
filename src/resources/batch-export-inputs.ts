/**
 * What posthog.BatchExport's class (./batch-export, generated) does to a program's inputs before registering them:
 * the destination becomes a Pulumi secret here, before anything reaches the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import type { BatchExportArgs } from "./batch-export-types";

/**
 * The inputs with `destination` a Pulumi secret, always: its config holds the destination's credentials (a Postgres
 * `user` and `password`, AWS keys, a BigQuery private key, an HTTP token), which a program may give as plain strings.
 * The engine then stores the destination, its output and `declaredInputs` encrypted.
 */
export function withSecretDestination(args: BatchExportArgs): BatchExportArgs {
  return args.destination === undefined ? args : { ...args, destination: pulumi.secret(args.destination) };
}
