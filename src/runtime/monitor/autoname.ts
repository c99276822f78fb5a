/**
 * The name of a monitor whose program gives none (autonaming). A name is chosen once, at
 * the first `check`, and kept from then on: `check` receives the old inputs, and a name
 * found there is kept, so later previews show no change. A declared name always wins.
 */
import { randomBytes } from "node:crypto";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { LIMITS } from "../../schemas/values";
import { coerceBoolean, failure } from "../check-properties";
import { isUnknown } from "../unknowns";
import { RESOURCE_NAME_KEY } from "../keys";

/**
 * What the engine asks for (`CheckRequest.autonaming`, from the stack's `pulumi:autonaming`
 * config): `propose` lets the provider use (or adapt) the proposed name, `enforce` requires
 * exactly the proposed name, `disable` turns autonaming off: a missing name is an error.
 * Without it (the dynamic provider host, an engine that sends none) the default pattern applies.
 */
export interface Autonaming {
  mode: "propose" | "enforce" | "disable";
  /** The engine's proposed name; empty with `disable`. */
  proposedName?: string;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Seven random lowercase letters and digits, as the engine's default pattern appends. */
function randomSuffix(length = 7): string {
  return [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

/**
 * The default pattern: `<prefix><resource name>-<7 random lowercase letters and digits>`,
 * within the name's limit (the resource name is shortened, never the prefix or the suffix).
 */
function defaultName(resourceName: string, prefix = ""): string {
  const suffix = `-${randomSuffix()}`;
  return prefix + resourceName.slice(0, Math.max(0, LIMITS.name - prefix.length - suffix.length)) + suffix;
}

/** Omitted: absent or null. An empty string is declared (and fails validation as empty). */
function given(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/**
 * The name `check` should use for `news`: the declared one, else the one kept in `olds`,
 * else a new one from `autonaming` (or the default pattern), after `prefix` (the team's
 * `defaults.namePrefix`; not with `enforce`, which asks for exactly the engine's name).
 * `name` is undefined when no name can be chosen; `failure` says why in the program's terms.
 */
export function chooseName(
  news: Record<string, unknown>,
  olds: Record<string, unknown> = {},
  autonaming?: Autonaming,
  prefix = "",
): { name?: unknown; failure?: CheckFailure } {
  if (given(news.name) || isUnknown(news.name)) return { name: news.name };
  if (given(olds.name) && !isUnknown(olds.name)) return { name: olds.name };
  // Adoption finds the existing monitor by its name: a generated one would find nothing.
  // `adopt` may still be a config string ("true") here: check coerces it later.
  if (coerceBoolean(news.adopt) === true) {
    return {
      failure: failure(
        "name",
        "is required with adopt: true, because adoption finds the existing monitor by name; declare the monitor's name, or take it over by id with adoptId",
      ),
    };
  }
  if (autonaming?.mode === "disable") {
    return {
      failure: failure(
        "name",
        "is required: autonaming is disabled for this stack (pulumi:autonaming mode: disabled); declare a name",
      ),
    };
  }
  if (autonaming?.proposedName) {
    const proposed = autonaming.proposedName;
    // propose lets the provider adapt the name; enforce leaves a too-long one to fail validation.
    return { name: autonaming.mode === "propose" ? (prefix + proposed).slice(0, LIMITS.name) : proposed };
  }
  const resourceName = news[RESOURCE_NAME_KEY];
  if (typeof resourceName !== "string" || resourceName === "") {
    return {
      failure: failure("name", "is required: this monitor has no resource name to derive one from; declare a name"),
    };
  }
  return { name: defaultName(resourceName, prefix) };
}
