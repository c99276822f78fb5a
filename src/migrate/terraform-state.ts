/**
 * `--from terraform-state`: a Terraform state file (format version 4, as `terraform state
 * pull` writes it) or the JSON of `terraform show -json`, holding resources of the
 * UptimeRobot, Better Stack or Uptime Kuma providers. The walker finds every managed
 * resource instance (child modules included); each provider's file reads its own types.
 */
import { isObject, MigrateInputError, parseJsonFile, type SourceRead } from "./source";
import type { TfResource } from "./terraform-resource";
import { readBetterUptime } from "./terraform-betteruptime";
import { readUptimeKuma } from "./terraform-uptimekuma";
import { readUptimeRobot } from "./terraform-uptimerobot";

/** Resource type prefixes of the providers read here. */
const PROVIDER_PREFIXES = ["uptimerobot_", "betteruptime_", "uptimekuma_"];

function indexKey(key: unknown): string {
  return key === undefined ? "" : `[${JSON.stringify(key)}]`;
}

/** Instances of a format-4 state. */
function fromStateV4(doc: Record<string, unknown>, file: string): TfResource[] {
  if (!Array.isArray(doc.resources)) throw new MigrateInputError(file, "$.resources", "expected an array of resources");
  const out: TfResource[] = [];
  doc.resources.forEach((r: unknown, i) => {
    const at = `$.resources[${i}]`;
    if (!isObject(r) || typeof r.type !== "string" || !Array.isArray(r.instances))
      throw new MigrateInputError(file, at, "expected a resource with a type and an array of instances");
    if (r.mode === "data") return;
    const prefix = typeof r.module === "string" ? `${r.module}.` : "";
    r.instances.forEach((inst: unknown, j) => {
      if (!isObject(inst) || !isObject(inst.attributes))
        throw new MigrateInputError(file, `${at}.instances[${j}]`, "expected an instance with an attributes object");
      out.push({
        type: r.type as string,
        address: `${prefix}${r.type as string}.${String(r.name)}${indexKey(inst.index_key)}`,
        ref: `${at}.instances[${j}].attributes`,
        attrs: inst.attributes,
      });
    });
  });
  return out;
}

/** Instances of `terraform show -json`: values.root_module and its child modules. */
function fromShowJson(doc: Record<string, unknown>, file: string): TfResource[] {
  const out: TfResource[] = [];
  const walk = (mod: unknown, at: string) => {
    if (!isObject(mod)) throw new MigrateInputError(file, at, "expected a module object");
    const resources = mod.resources ?? [];
    if (!Array.isArray(resources)) throw new MigrateInputError(file, `${at}.resources`, "expected an array");
    resources.forEach((r: unknown, i) => {
      const rat = `${at}.resources[${i}]`;
      if (!isObject(r) || typeof r.type !== "string" || !isObject(r.values))
        throw new MigrateInputError(file, rat, "expected a resource with a type and a values object");
      if (r.mode === "data") return;
      out.push({
        type: r.type,
        address: typeof r.address === "string" ? r.address : `${r.type}.${String(r.name)}`,
        ref: `${rat}.values`,
        attrs: r.values,
      });
    });
    const children = mod.child_modules ?? [];
    if (!Array.isArray(children)) throw new MigrateInputError(file, `${at}.child_modules`, "expected an array");
    children.forEach((c, i) => walk(c, `${at}.child_modules[${i}]`));
  };
  if (doc.values === undefined) return out; // an empty state shows no values
  if (!isObject(doc.values)) throw new MigrateInputError(file, "$.values", "expected an object");
  walk(doc.values.root_module ?? {}, "$.values.root_module");
  return out;
}

/** The managed resource instances of a state file's text (either format). */
function stateResources(text: string, file: string): TfResource[] {
  const doc = parseJsonFile(text, file, "a Terraform state (version 4) or `terraform show -json` output");
  if (!isObject(doc)) throw new MigrateInputError(file, "$", "expected a JSON object");
  if ("format_version" in doc) return fromShowJson(doc, file);
  if (doc.version !== 4)
    throw new MigrateInputError(
      file,
      "$.version",
      `expected state format version 4 (Terraform 0.12 and later), or \`terraform show -json\` output; got ${JSON.stringify(doc.version ?? null)}`,
    );
  return fromStateV4(doc, file);
}

/** Reads a Terraform state's monitors, contacts, maintenance windows and status pages. */
export function readTerraformState(text: string, file: string): SourceRead {
  const all = stateResources(text, file);
  const ours = all.filter((r) => PROVIDER_PREFIXES.some((p) => r.type.startsWith(p)));
  if (ours.length === 0) {
    const types = [...new Set(all.map((r) => r.type))].sort();
    throw new MigrateInputError(
      file,
      "$",
      `expected resources of the UptimeRobot (uptimerobot_*), Better Stack (betteruptime_*) or Uptime Kuma (uptimekuma_*) providers; found ${types.length ? types.join(", ") : "no managed resources"}`,
    );
  }
  const parts = [readUptimeRobot(ours, file), readBetterUptime(ours), readUptimeKuma(ours)];
  return { monitors: parts.flatMap((p) => p.monitors), others: parts.flatMap((p) => p.others) };
}
