/**
 * B5: state size per monitor, from `pulumi stack export`: the `__provider` text (targets:
 * at most 2 KB) and the whole resource entry (target: at most 4 KB), as compact JSON.
 */
import { COUNT, type Deployed, runMainOnDeployed } from "./lib/common";

export interface B5Result {
  count: number;
  providerBytes: { min: number; max: number };
  /** Compact JSON of one monitor's resource entry. */
  resourceBytes: { min: number; max: number; mean: number };
  /** The whole export (pretty, as printed) divided by the number of monitors. */
  exportBytesPerMonitor: number;
  /** Where a mean entry's bytes go (compact JSON, means). */
  parts: {
    providerCopies: number;
    providerBytesInEntry: number;
    secretEnvelopes: number;
    engineMetadata: number;
    rest: number;
  };
}

const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** Bytes of the secret envelopes (ciphertext and signature) in a property bag. */
function secretBytes(bag: Record<string, unknown> | undefined): number {
  let n = 0;
  for (const v of Object.values(bag ?? {}))
    if (v && typeof v === "object" && SECRET_SIG in (v as object)) n += Buffer.byteLength(JSON.stringify(v));
  return n;
}

const MONITOR_TYPE = "pulumi-nodejs:dynamic/uptime:Monitor";

export async function b5(deployed: Deployed, count = COUNT): Promise<B5Result> {
  const text = await deployed.stack.exportText();
  type Entry = {
    type: string;
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
    [k: string]: unknown;
  };
  const json = JSON.parse(text) as { deployment: { resources: Entry[] } };
  const monitors = json.deployment.resources.filter((r) => r.type === MONITOR_TYPE);
  if (monitors.length !== count) throw new Error(`export has ${monitors.length} monitors, expected ${count}`);
  const provider = monitors.map((r) => Buffer.byteLength(String(r.outputs?.__provider ?? r.inputs?.__provider ?? "")));
  const sizes = monitors.map((r) => Buffer.byteLength(JSON.stringify(r)));
  const mean = (f: (r: Entry) => number) => Math.round(monitors.reduce((a, r) => a + f(r), 0) / monitors.length);
  const providerCopies = mean(
    (r) => Number(r.inputs?.__provider !== undefined) + Number(r.outputs?.__provider !== undefined),
  );
  const providerBytesInEntry = mean(
    (r) =>
      (r.inputs?.__provider !== undefined ? Buffer.byteLength(JSON.stringify(r.inputs.__provider)) : 0) +
      (r.outputs?.__provider !== undefined ? Buffer.byteLength(JSON.stringify(r.outputs.__provider)) : 0),
  );
  const secretEnvelopes = mean((r) => secretBytes(r.inputs) + secretBytes(r.outputs));
  const engineMetadata = mean((r) =>
    ["stackTrace", "sourcePosition", "propertyDependencies", "created", "modified"].reduce(
      (a, k) => a + (r[k] === undefined ? 0 : Buffer.byteLength(JSON.stringify(r[k])) + k.length + 4),
      0,
    ),
  );
  const result: B5Result = {
    count,
    providerBytes: { min: Math.min(...provider), max: Math.max(...provider) },
    resourceBytes: {
      min: Math.min(...sizes),
      max: Math.max(...sizes),
      mean: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length),
    },
    exportBytesPerMonitor: Math.round(Buffer.byteLength(text) / count),
    parts: { providerCopies, providerBytesInEntry, secretEnvelopes, engineMetadata, rest: 0 },
  };
  result.parts.rest = result.resourceBytes.mean - providerBytesInEntry - secretEnvelopes - engineMetadata;
  console.log(
    `B5 state: __provider ${result.providerBytes.max} B (${providerCopies} copies: ${providerBytesInEntry} B of the entry as JSON), resource entry ${result.resourceBytes.mean} B mean (max ${result.resourceBytes.max} B): ` +
      `secret envelopes ${secretEnvelopes} B, engine metadata ${engineMetadata} B, the rest ${result.parts.rest} B; whole export ${result.exportBytesPerMonitor} B per monitor`,
  );
  return result;
}

if (require.main === module) runMainOnDeployed(COUNT, b5);
