/**
 * Running `pulumi do` (CLI 3.257 and later; the suite runs CLI_VERSION, 3.274.1) through the
 * provider plugin in a scratch project, as the pulumi-do e2e tests do.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { E2EStack, PLUGIN_LAUNCHER, assertPluginBuilt, ok } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- `pulumi do --output json`'s answers, read freely
export type Json = any;

/** A scratch project of no resources: `pulumi do` runs inside it, as a user's would. */
const PROJECT = { "Pulumi.yaml": "name: pulumi-do\nruntime: yaml\n" };

/** A stack to run `pulumi do` in, the newer CLI's, with `env` in every command's environment. */
export function doStack(env: Record<string, string> = {}): Promise<E2EStack> {
  assertPluginBuilt();
  return E2EStack.create({ project: "pulumi-do", files: PROJECT, env });
}

/** `pulumi do --stateless --output json <token> <verb...> <args...>` through the plugin. */
export function pulumiDo(stack: E2EStack, token: string, verb: string[], args: string[]) {
  return stack.run(["do", "--package", PLUGIN_LAUNCHER, "--stateless", "--output", "json", token, ...verb, ...args]);
}

/** The same, which must succeed; its JSON answer. */
export async function answer(stack: E2EStack, token: string, verb: string[], args: string[]): Promise<Json> {
  const r = ok(await pulumiDo(stack, token, verb, args));
  try {
    return JSON.parse(r.stdout);
  } catch {
    throw new Error(`pulumi do ${token} ${verb.join(" ")} printed no JSON:\n${r.output}`);
  }
}

/**
 * `--input pcl --input-file` of these inputs: `pulumi do` makes flags only of plain strings,
 * numbers and booleans, so enums such as `interval` go in a file. PCL, which the CLI reads
 * itself: a YAML file needs the `pulumi-converter-yaml` plugin's snippet conversion, which the
 * newest one the module proxy serves (pulumi-yaml v1.32.0) predates.
 */
export function inputFile(stack: E2EStack, inputs: Record<string, number>): string[] {
  const path = join(stack.dir, `inputs-${randomBytes(4).toString("hex")}.pp`);
  writeFileSync(
    path,
    Object.entries(inputs)
      .map(([k, v]) => `${k} = ${v}\n`)
      .join(""),
  );
  return ["--input", "pcl", "--input-file", path];
}
