/**
 * What posthog.ExternalDataSource's class (./external-data-source, generated) does to a program's inputs before
 * registering them: the job inputs become a Pulumi secret here, before anything reaches the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ExternalDataSourceArgs } from "./external-data-source-types";

/**
 * The inputs with `jobInputs` a Pulumi secret, always: they hold the source's credentials (a Stripe key, a database
 * password), which a program may give as plain strings. The engine then stores them, their output and
 * `declaredInputs` encrypted.
 */
export function withSecretJobInputs(args: ExternalDataSourceArgs): ExternalDataSourceArgs {
  return args.jobInputs === undefined ? args : { ...args, jobInputs: pulumi.secret(args.jobInputs) };
}
