/**
 * A provider process driven over gRPC the way the engine drives it (testing layer 3): Pulumi's real dynamic-provider
 * host, which deserializes `__provider`, calls configure with the stack config and converts structs both ways; or
 * this package's provider plugin, `pulumi-resource-posthog`, as the CLI would start it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import type * as grpcTypes from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

// The gRPC library of the @pulumi/pulumi whose protocol messages are used (npm run test:sdk-range swaps the SDK).
const grpc = require(
  require.resolve("@grpc/grpc-js", { paths: [path.dirname(require.resolve("@pulumi/pulumi/package.json"))] }),
) as typeof grpcTypes;
const providerRpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
const providerProto = require("@pulumi/pulumi/proto/provider_pb");

type Props = Record<string, unknown>;
type RpcClient = Record<
  string,
  (request: unknown, callback: (error: grpcTypes.ServiceError | null, response: RpcResponse) => void) => void
>;
interface RpcResponse {
  [getter: string]: () => unknown;
}

const root = path.resolve(__dirname, "..", "..");

export class ProviderHost {
  private constructor(
    private readonly child: ChildProcess,
    private readonly client: RpcClient,
    /** What the host printed on stderr so far: the CLI shows it to the user with the failure. */
    private readonly log: { stderr: string },
    private readonly type: string,
    /** The dynamic provider as Pulumi serializes it; none for the plugin. */
    readonly serializedProvider?: string,
  ) {}

  /**
   * Starts the host from the repository root, where `pulumi-posthog/provider` resolves to the built lib/. `provider` is
   * serialized by Pulumi's closure serializer, or is already the serialized text (`__provider`).
   */
  static async start(provider: pulumi.dynamic.ResourceProvider | string): Promise<ProviderHost> {
    const serialized =
      typeof provider === "string" ? provider : (await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true })).text;
    const child = ProviderHost.spawn(require.resolve("@pulumi/pulumi/cmd/dynamic-provider"));
    const { client, log } = await ProviderHost.connect(child);
    return new ProviderHost(child, client, log, "pulumi-nodejs:dynamic/posthog:Project", serialized);
  }

  /** Starts the built `pulumi-resource-posthog` (lib/plugin/serve.js), as the CLI starts a plugin it finds on PATH. */
  static async plugin(): Promise<ProviderHost> {
    const child = ProviderHost.spawn(path.join(root, "lib", "plugin", "serve.js"));
    const { client, log } = await ProviderHost.connect(child);
    return new ProviderHost(child, client, log, "posthog:index:Project");
  }

  private static spawn(program: string): ChildProcess {
    return spawn(process.execPath, [program, "127.0.0.1:0"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PULUMI_NODEJS_PROJECT: "pulumi-posthog", POSTHOG_API_KEY: "", POSTHOG_HOST: "", POSTHOG_ORGANIZATION_ID: "" },
    });
  }

  private static async connect(child: ChildProcess): Promise<{ client: RpcClient; log: { stderr: string } }> {
    const log = { stderr: "" };
    child.stderr!.on("data", (chunk) => (log.stderr += chunk));
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk) => {
        out += chunk;
        const line = out.split("\n")[0]!;
        if (out.includes("\n") && /^\d+$/.test(line.trim())) resolve(line.trim());
      });
      child.on("exit", (code) => reject(new Error(`provider host exited with ${code}: ${log.stderr}`)));
    });
    const Client = providerRpc.ResourceProviderClient as new (address: string, credentials: grpcTypes.ChannelCredentials) => RpcClient;
    return { client: new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure()), log };
  }

  /** The same host, speaking of resources of another type (`posthog:index:FeatureFlag`). Stop the original only. */
  withType(type: string): ProviderHost {
    return new ProviderHost(this.child, this.client, this.log, type, this.serializedProvider);
  }

  /** What the host printed on stderr so far, which the CLI shows with a failed step. */
  stderr(): string {
    return this.log.stderr;
  }

  private urn(name: string): string {
    return `urn:pulumi:test::pulumi-posthog::${this.type}::${name}`;
  }

  stop(): void {
    (this.client as unknown as grpcTypes.Client).close();
    this.child.kill();
  }

  private call(method: string, request: unknown): Promise<RpcResponse> {
    return new Promise((resolve, reject) =>
      this.client[method]!.call(this.client, request, (error, response) => (error ? reject(error) : resolve(response))),
    );
  }

  private withProvider(props: Props): Struct {
    return Struct.fromJavaScript(
      (this.serializedProvider === undefined ? props : { ...props, __provider: this.serializedProvider }) as never,
    );
  }

  /** Configure with `args` (as a dynamic host gets the stack config) and `variables` (as the engine sends posthog:config:*). */
  async configure(args: Record<string, string>, variables: Record<string, string> = {}): Promise<{ acceptSecrets: boolean }> {
    const request = new providerProto.ConfigureRequest();
    request.setArgs(Struct.fromJavaScript(args));
    for (const [key, value] of Object.entries(variables)) request.getVariablesMap().set(key, value);
    request.setAcceptsecrets(true);
    const response = await this.call("configure", request);
    return { acceptSecrets: response["getAcceptsecrets"]!() as boolean };
  }

  async getSchema(): Promise<Record<string, unknown>> {
    const request = new providerProto.GetSchemaRequest();
    const response = await this.call("getSchema", request);
    return JSON.parse(response["getSchema"]!() as string) as Record<string, unknown>;
  }

  async invoke(token: string, args: Props): Promise<{ outputs: Props; failures: unknown[] }> {
    const request = new providerProto.InvokeRequest();
    request.setTok(token);
    request.setArgs(Struct.fromJavaScript(args as never));
    const response = await this.call("invoke", request);
    const outputs = response["getReturn"]!() as Struct | undefined;
    return { outputs: (outputs?.toJavaScript() ?? {}) as Props, failures: response["getFailuresList"]!() as unknown[] };
  }

  /** CheckConfig of the provider's own inputs (the default provider's `posthog:*` configuration). */
  async checkConfig(news: Props): Promise<Props> {
    const request = new providerProto.CheckRequest();
    request.setUrn("urn:pulumi:test::pulumi-posthog::pulumi:providers:posthog::default");
    request.setOlds(Struct.fromJavaScript({}));
    request.setNews(Struct.fromJavaScript(news as never));
    const response = await this.call("checkConfig", request);
    return (response["getInputs"]!() as Struct).toJavaScript() as Props;
  }

  async check(name: string, olds: Props, news: Props): Promise<{ inputs: Props; failures: Array<{ property: string; reason: string }> }> {
    const request = new providerProto.CheckRequest();
    request.setUrn(this.urn(name));
    request.setOlds(this.withProvider(olds));
    request.setNews(this.withProvider(news));
    const response = await this.call("check", request);
    const failures = (response["getFailuresList"]!() as Array<{ getProperty(): string; getReason(): string }>).map((f) => ({
      property: f.getProperty(),
      reason: f.getReason(),
    }));
    return { inputs: (response["getInputs"]!() as Struct).toJavaScript() as Props, failures };
  }

  async diff(name: string, id: string, olds: Props, news: Props): Promise<{ changes: number; replaces: string[] }> {
    const request = new providerProto.DiffRequest();
    request.setId(id);
    request.setUrn(this.urn(name));
    request.setOlds(this.withProvider(olds));
    request.setNews(this.withProvider(news));
    const response = await this.call("diff", request);
    return { changes: response["getChanges"]!() as number, replaces: response["getReplacesList"]!() as string[] };
  }

  async create(name: string, inputs: Props): Promise<{ id: string; outs: Props }> {
    const request = new providerProto.CreateRequest();
    request.setUrn(this.urn(name));
    request.setProperties(this.withProvider(inputs));
    const response = await this.call("create", request);
    return { id: response["getId"]!() as string, outs: (response["getProperties"]!() as Struct).toJavaScript() as Props };
  }

  /**
   * Refresh or get (props), or import (empty properties, as `pulumi import` sends); `kept`, the inputs the state keeps,
   * as the engine sends them with a refresh.
   */
  async read(name: string, id: string, props?: Props, kept?: Props): Promise<{ id: string; outs: Props; inputs: Props | undefined }> {
    const request = new providerProto.ReadRequest();
    request.setId(id);
    request.setUrn(this.urn(name));
    request.setProperties(props === undefined ? Struct.fromJavaScript({}) : this.withProvider(props));
    if (kept !== undefined) request.setInputs(this.withProvider(kept));
    const response = await this.call("read", request);
    const outs = response["getProperties"]!() as Struct | undefined;
    const inputs = response["getInputs"]!() as Struct | undefined;
    return {
      id: response["getId"]!() as string,
      outs: (outs?.toJavaScript() ?? {}) as Props,
      inputs: inputs?.toJavaScript() as Props | undefined,
    };
  }

  async update(name: string, id: string, olds: Props, news: Props): Promise<Props> {
    const request = new providerProto.UpdateRequest();
    request.setId(id);
    request.setUrn(this.urn(name));
    request.setOlds(this.withProvider(olds));
    request.setNews(this.withProvider(news));
    const response = await this.call("update", request);
    return (response["getProperties"]!() as Struct).toJavaScript() as Props;
  }

  async delete(name: string, id: string, props: Props): Promise<void> {
    const request = new providerProto.DeleteRequest();
    request.setId(id);
    request.setUrn(this.urn(name));
    request.setProperties(this.withProvider(props));
    await this.call("delete", request);
  }
}
