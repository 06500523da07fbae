/**
 * Pulumi's real dynamic-provider host, driven over gRPC the way the engine drives it (testing layer 3): the host
 * deserializes `__provider`, calls configure with the stack config, and converts structs both ways.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

const providerRpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
const providerProto = require("@pulumi/pulumi/proto/provider_pb");

type Props = Record<string, unknown>;
type RpcClient = Record<string, (request: unknown, callback: (error: grpc.ServiceError | null, response: RpcResponse) => void) => void>;
interface RpcResponse {
  [getter: string]: () => unknown;
}

const TYPE = "pulumi-nodejs:dynamic/posthog:Project";
const urn = (name: string) => `urn:pulumi:test::pulumi-posthog::${TYPE}::${name}`;

export class ProviderHost {
  private constructor(
    private readonly child: ChildProcess,
    private readonly client: RpcClient,
    readonly serializedProvider: string,
  ) {}

  /** Starts the host from the repository root, where `pulumi-posthog/provider` resolves to the built lib/. */
  static async start(provider: pulumi.dynamic.ResourceProvider): Promise<ProviderHost> {
    const serialized = (await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true })).text;
    const root = path.resolve(__dirname, "..", "..");
    const child = spawn(process.execPath, [require.resolve("@pulumi/pulumi/cmd/dynamic-provider"), "127.0.0.1:0"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PULUMI_NODEJS_PROJECT: "pulumi-posthog", POSTHOG_API_KEY: "", POSTHOG_HOST: "", POSTHOG_ORGANIZATION_ID: "" },
    });
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk) => {
        out += chunk;
        const line = out.split("\n")[0]!;
        if (out.includes("\n") && /^\d+$/.test(line.trim())) resolve(line.trim());
      });
      child.on("exit", (code) => reject(new Error(`provider host exited with ${code}: ${stderr}`)));
    });
    const Client = providerRpc.ResourceProviderClient as new (address: string, credentials: grpc.ChannelCredentials) => RpcClient;
    return new ProviderHost(child, new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure()), serialized);
  }

  stop(): void {
    (this.client as unknown as grpc.Client).close();
    this.child.kill();
  }

  private call(method: string, request: unknown): Promise<RpcResponse> {
    return new Promise((resolve, reject) =>
      this.client[method]!.call(this.client, request, (error, response) => (error ? reject(error) : resolve(response))),
    );
  }

  private withProvider(props: Props): Struct {
    return Struct.fromJavaScript({ ...props, __provider: this.serializedProvider } as never);
  }

  async configure(config: Record<string, string>): Promise<void> {
    const request = new providerProto.ConfigureRequest();
    request.setArgs(Struct.fromJavaScript(config));
    request.setAcceptsecrets(true);
    await this.call("configure", request);
  }

  async check(name: string, olds: Props, news: Props): Promise<{ inputs: Props; failures: Array<{ property: string; reason: string }> }> {
    const request = new providerProto.CheckRequest();
    request.setUrn(urn(name));
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
    request.setUrn(urn(name));
    request.setOlds(this.withProvider(olds));
    request.setNews(this.withProvider(news));
    const response = await this.call("diff", request);
    return { changes: response["getChanges"]!() as number, replaces: response["getReplacesList"]!() as string[] };
  }

  async create(name: string, inputs: Props): Promise<{ id: string; outs: Props }> {
    const request = new providerProto.CreateRequest();
    request.setUrn(urn(name));
    request.setProperties(this.withProvider(inputs));
    const response = await this.call("create", request);
    return { id: response["getId"]!() as string, outs: (response["getProperties"]!() as Struct).toJavaScript() as Props };
  }

  async read(name: string, id: string, props: Props): Promise<{ id: string; outs: Props }> {
    const request = new providerProto.ReadRequest();
    request.setId(id);
    request.setUrn(urn(name));
    request.setProperties(this.withProvider(props));
    const response = await this.call("read", request);
    const outs = response["getProperties"]!() as Struct | undefined;
    return { id: response["getId"]!() as string, outs: (outs?.toJavaScript() ?? {}) as Props };
  }

  async update(name: string, id: string, olds: Props, news: Props): Promise<Props> {
    const request = new providerProto.UpdateRequest();
    request.setId(id);
    request.setUrn(urn(name));
    request.setOlds(this.withProvider(olds));
    request.setNews(this.withProvider(news));
    const response = await this.call("update", request);
    return (response["getProperties"]!() as Struct).toJavaScript() as Props;
  }

  async delete(name: string, id: string, props: Props): Promise<void> {
    const request = new providerProto.DeleteRequest();
    request.setId(id);
    request.setUrn(urn(name));
    request.setProperties(this.withProvider(props));
    await this.call("delete", request);
  }
}
