/**
 * From a monitors-file entry to `Monitor` arguments in a Pulumi program: every string
 * holding `${config:key}` placeholders becomes a secret output built from the stack's
 * config (`config.requireSecret(key)`), so the value never shows in plain text in
 * the program's state or its logs.
 */
import * as pulumi from "@pulumi/pulumi";
import type { MonitorArgs } from "../dynamic/monitor";
import { hasConfigRef, splitConfigRefs } from "./config-refs";
import type { MonitorFileEntry } from "./load-monitors";

/** Where config values come from; by default `new pulumi.Config(namespace)`. */
export interface ToMonitorArgsOptions {
  /** Returns the config of `namespace` (undefined: the project's). */
  config?: (namespace: string | undefined) => Pick<pulumi.Config, "requireSecret">;
  /** Extra arguments merged over the file's (e.g. `{ adopt: true }`). */
  overrides?: Partial<MonitorArgs>;
}

function secretString(
  text: string,
  configFor: (ns: string | undefined) => Pick<pulumi.Config, "requireSecret">,
): pulumi.Output<string> {
  const parts = splitConfigRefs(text).map((p) =>
    typeof p === "string" ? p : configFor(p.namespace).requireSecret(p.key),
  );
  return pulumi.secret(pulumi.all(parts).apply((xs) => xs.join("")));
}

function mapStrings(value: unknown, map: (s: string) => unknown): unknown {
  if (typeof value === "string") return hasConfigRef(value) ? map(value) : value;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
  return value;
}

/**
 * The `Monitor` arguments of an entry, with its placeholders read from secret config.
 *
 * ```ts
 * for (const entry of uptime.loadMonitorsFile("monitors.yaml")) {
 *     new uptime.Monitor(entry.resourceName, uptime.toMonitorArgs(entry));
 * }
 * ```
 */
export function toMonitorArgs(entry: MonitorFileEntry, options: ToMonitorArgsOptions = {}): MonitorArgs {
  const cache = new Map<string, Pick<pulumi.Config, "requireSecret">>();
  const configFor = (ns: string | undefined) => {
    const k = ns ?? "";
    if (!cache.has(k)) cache.set(k, options.config ? options.config(ns) : new pulumi.Config(ns));
    return cache.get(k)!;
  };
  const args = mapStrings(entry.args, (s) => secretString(s, configFor)) as Record<string, unknown>;
  // `cacheBuster: true` reads naturally in YAML; the argument is 0 or 1.
  if (args.cacheBuster === true) args.cacheBuster = 1;
  if (args.cacheBuster === false) args.cacheBuster = 0;
  return { ...(args as unknown as MonitorArgs), ...options.overrides };
}
