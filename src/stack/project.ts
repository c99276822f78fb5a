/** The Pulumi project in a directory: its Pulumi.yaml (or .yml), its name and its runtime. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const PROJECT_FILES = ["Pulumi.yaml", "Pulumi.yml"];

/** True when `cwd` is a Pulumi project directory. */
export function isProjectDir(cwd: string): boolean {
  return PROJECT_FILES.some((f) => existsSync(join(cwd, f)));
}

/** The project file's content, parsed, or undefined when there is none or it is not YAML. */
function projectDoc(cwd: string): Record<string, unknown> | undefined {
  // Loaded here, not with the module: `test --file` without a stack never reads Pulumi.yaml.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parse } = require("yaml") as typeof import("yaml");
  for (const f of PROJECT_FILES) {
    try {
      const doc = parse(readFileSync(join(cwd, f), "utf8")) as unknown;
      if (doc && typeof doc === "object") return doc as Record<string, unknown>;
    } catch {
      // not there, or not ours to judge (the pulumi CLI names a broken project file): try the other spelling
    }
  }
  return undefined;
}

/** The project's name. */
export function projectName(cwd: string): string | undefined {
  const name = projectDoc(cwd)?.name;
  return typeof name === "string" ? name : undefined;
}

/** The project's runtime (`nodejs`, `python`, `yaml`, ...), as written or as `runtime.name`. */
export function projectRuntime(cwd: string): string | undefined {
  const runtime = projectDoc(cwd)?.runtime as string | { name?: unknown } | undefined;
  if (typeof runtime === "string") return runtime;
  return typeof runtime?.name === "string" ? runtime.name : undefined;
}
