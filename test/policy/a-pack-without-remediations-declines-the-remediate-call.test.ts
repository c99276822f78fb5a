/**
 * The engine asks a pack to remediate each resource before it asks for analysis, and waits.
 * This pack remediates nothing, so it declines Remediate ("unimplemented", which the engine
 * skips) instead of deserializing every resource's inputs to find nothing to do; Analyze
 * answers as before. Real gRPC to the built pack's own process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzerService, declineRemediateUnlessUsed } from "../../policy/src/remediate-declined";
import { policyRequire, servePack, type ServingPack } from "./fixtures";

interface Message {
  serializeBinary(): Uint8Array;
}
type Decoder<T> = { deserializeBinary(bytes: Uint8Array): T };

const grpc = policyRequire("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
const pb = policyRequire("@pulumi/pulumi/proto/analyzer_pb") as {
  AnalyzeRequest: new () => Message & {
    setUrn(v: string): void;
    setType(v: string): void;
    setName(v: string): void;
    setProperties(v: object): void;
    setOptions(v: object): void;
  };
  AnalyzerResourceOptions: new () => object;
  AnalyzeResponse: Decoder<{ getDiagnosticsList(): { getPolicyname(): string; getMessage(): string }[] }>;
  RemediateResponse: Decoder<object>;
};
const { Struct } = policyRequire("google-protobuf/google/protobuf/struct_pb") as {
  Struct: { fromJavaScript(value: object): object };
};

describe("the pack's answer to Remediate", () => {
  let pack: ServingPack;
  let client: InstanceType<typeof grpc.Client>;
  beforeAll(async () => {
    pack = await servePack();
    client = new grpc.Client(`127.0.0.1:${pack.port}`, grpc.credentials.createInsecure());
  });
  afterAll(() => {
    client?.close();
    pack?.stop();
  });

  const call = <T>(method: string, decoder: Decoder<T>): Promise<T> => {
    const req = new pb.AnalyzeRequest();
    req.setUrn("urn:pulumi:dev::shop::uptime:index:Monitor::checkout");
    req.setType("uptime:index:Monitor");
    req.setName("checkout");
    req.setProperties(
      Struct.fromJavaScript({ name: "checkout", url: "http://shop.example.com/health", interval: 300 }),
    );
    // The engine always sends options; the SDK refuses a request without them.
    req.setOptions(new pb.AnalyzerResourceOptions());
    return new Promise((resolve, reject) =>
      client.makeUnaryRequest(
        `/pulumirpc.Analyzer/${method}`,
        (m: Message) => Buffer.from(m.serializeBinary()),
        (b: Buffer) => decoder.deserializeBinary(new Uint8Array(b)),
        req,
        (err, resp) => (err ? reject(err) : resolve(resp as T)),
      ),
    );
  };

  it("is 'unimplemented', which the engine takes for nothing to remediate", async () => {
    await expect(call("Remediate", pb.RemediateResponse)).rejects.toMatchObject({ code: grpc.status.UNIMPLEMENTED });
  });

  it("leaves Analyze judging the same resource", async () => {
    const resp = await call("Analyze", pb.AnalyzeResponse);
    const found = resp.getDiagnosticsList().map((d) => [d.getPolicyname(), d.getMessage()]);
    expect(found).toContainEqual([
      "uptime-https-only",
      expect.stringContaining('monitor "checkout" (uptime:index:Monitor), field "url": uses http'),
    ]);
  });
});

describe("a pack that does remediate", () => {
  it("keeps Remediate on the service it serves", () => {
    const remediating = { name: "fix", description: "fixes", remediateResource: () => undefined };
    expect(declineRemediateUnlessUsed([remediating])).toBe(false);
    expect(analyzerService().remediate).toBeDefined();
  });
});
