#!/usr/bin/env node
/**
 * `pulumi-resource-posthog`: the executable the Pulumi CLI starts for the `posthog` package (found on PATH, where a
 * global npm install puts package bins). It serves PostHogProvider with `@pulumi/pulumi/provider`.
 *
 * That server answers Configure itself and never passes the configuration on (SDK 3.270), and answers CheckConfig
 * "not implemented", so its gRPC service's `configure` and `checkConfig` are replaced, before the service is
 * registered, by ones that hand `posthog:*` to the provider first.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type * as grpc from "@grpc/grpc-js";
import { main } from "@pulumi/pulumi/provider";
import { withoutStackTraces } from "../provider";
import { PostHogProvider } from "./provider";

type Handler<R> = (call: { request: R }, callback: (error: Error | null, response?: unknown) => void) => void;
interface ConfigureRequest {
  getVariablesMap(): { toArray(): Array<[string, string]> };
  getArgs(): { toJavaScript(): Record<string, unknown> } | undefined;
}
type Inputs = { toJavaScript(): Record<string, unknown> } | undefined;
/** A ReadRequest (`inputs`), or a DiffRequest, UpdateRequest or DeleteRequest (`old_inputs`). */
interface ResourceRequest {
  getUrn(): string;
  getInputs?(): Inputs;
  getOldInputs?(): Inputs;
}
interface CheckRequest {
  getNews(): { toJavaScript(): Record<string, unknown> } | undefined;
}

// The gRPC library and protocol messages of the @pulumi/pulumi that serves, not copies of our own.
const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const grpcLibrary = require(require.resolve("@grpc/grpc-js", { paths: [sdk] })) as typeof grpc;
const messages = require(path.join(sdk, "proto", "provider_pb")) as {
  ConfigureResponse: new () => {
    setAcceptsecrets(v: boolean): void;
    setAcceptresources(v: boolean): void;
    setAcceptoutputs(v: boolean): void;
  };
  CheckResponse: new () => { setInputs(v: unknown): void };
};
interface StructValue {
  toJavaScript(): unknown;
}
interface StructFields {
  forEach(each: (value: StructValue, key: string) => void): void;
}
const structs = require(require.resolve("google-protobuf/google/protobuf/struct_pb", { paths: [sdk] })) as {
  Struct: {
    fromJavaScript(value: Record<string, unknown>): unknown;
    prototype: {
      toJavaScript(): Record<string, unknown>;
      getFieldsMap(): StructFields;
    };
  };
};

// google-protobuf decodes the engine's structs into a jspb.Map, which keeps its entries in an object by key, and
// then into `object[key] = value`: a `__proto__` key becomes a prototype either way, and a YAML payload
// `{__proto__: {…}}` was created as `{}`. Decoded as own keys, as JSON.parse does, it reaches check as the key it is
// and is refused there, as `constructor` is (src/kit/json.ts).
structs.Struct.prototype.toJavaScript = function () {
  const fields = this.getFieldsMap();
  const entries: Array<[string, unknown]> = [];
  fields.forEach((value, key) => {
    entries.push([key, value.toJavaScript()]);
  });
  const lost = lostProtoEntry(fields);
  if (lost !== undefined) entries.push(["__proto__", lost.value]);
  return Object.fromEntries(entries);
};

/**
 * The `__proto__` entry a jspb.Map lost: the prototype of its object of entries, an entry whose `key` is `__proto__`
 * and which holds the decoded value (a message with `toJavaScript`; its property names are the library's, minified).
 */
function lostProtoEntry(map: object): { value: unknown } | undefined {
  for (const inner of Object.values(map)) {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) continue;
    const entry: unknown = Object.getPrototypeOf(inner);
    if (entry === null || entry === Object.prototype || typeof entry !== "object" || (entry as { key?: unknown }).key !== "__proto__")
      continue;
    const decoded = Object.values(entry).find(
      (v): v is StructValue => typeof (v as Partial<StructValue> | null)?.toJavaScript === "function",
    );
    return { value: decoded ? decoded.toJavaScript() : null };
  }
  return undefined;
}

// The package's schema.json (beside lib/, in the package as in a checkout), generated from the registry by `npm run
// docs` and checked against it by the tests: building it again from every kind would cost each start about a second.
const posthog = new PostHogProvider(fs.readFileSync(path.join(__dirname, "..", "..", "schema.json"), "utf8"));

const addService = grpcLibrary.Server.prototype.addService;
grpcLibrary.Server.prototype.addService = function (service, implementation) {
  // The served class answers CheckConfig "not implemented", and the engine then stores the configuration as given:
  // a key set without --secret would be kept in plain text in the state.
  const checkConfig: Handler<CheckRequest> = (call, callback) => {
    try {
      const response = new messages.CheckResponse();
      response.setInputs(structs.Struct.fromJavaScript(posthog.checkConfig(call.request.getNews()?.toJavaScript() ?? {})));
      callback(null, response);
    } catch (error) {
      callback(error as Error);
    }
  };
  const configure: Handler<ConfigureRequest> = (call, callback) => {
    const variables = Object.fromEntries(call.request.getVariablesMap().toArray());
    const args = call.request.getArgs()?.toJavaScript() ?? {};
    posthog.configure(variables, args).then(
      () => {
        const response = new messages.ConfigureResponse();
        response.setAcceptsecrets(true);
        response.setAcceptresources(false);
        response.setAcceptoutputs(false);
        callback(null, response);
      },
      (error: Error) => callback(error),
    );
  };
  // The served class hands read, diff, update and delete the outputs only: the inputs the engine keeps (what drift
  // is shown against, what the program declared last) go to the provider first, so that the state need not keep a
  // copy of them.
  const withKeptInputs = Object.fromEntries(
    ["read", "diff", "update", "delete"].flatMap((name) => {
      const served = (implementation as Record<string, Handler<ResourceRequest> | undefined>)[name];
      if (!served) return [];
      const handler: Handler<ResourceRequest> = (call, callback) => {
        const { request } = call;
        posthog.requestInputs(request.getUrn(), (request.getInputs ?? request.getOldInputs)?.call(request)?.toJavaScript());
        served.call(implementation, call, callback);
      };
      return [[name, handler]];
    }),
  );
  // An own property shadows the served class's method; gRPC binds each handler to the implementation.
  Object.assign(implementation, { configure, checkConfig, ...withKeptInputs });
  return addService.call(this, service, implementation);
};

// The CLI stops its plugins when it ends; when it is killed instead, this process is handed to init and would serve
// on for ever. Its parent changing is the sign to go.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1_000).unref();

main(withoutStackTraces(posthog), process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
