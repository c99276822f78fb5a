/**
 * Errors as a Pulumi user reads them: the resource, the field in the program's own
 * (camelCase) name and the service's message, and for a 401 which setting to fix.
 */
import {
  UptimeConfigError, UptimeError, UptimeForbiddenError, UptimeInputError, UptimeUnauthorizedError,
  UptimeValidationError,
} from "../client/errors";
import { CONFIG_KEYS, ENV_VARS } from "./config";
import { toCamel } from "./field-names";

/** An error from a provider operation, naming the resource it concerns. */
export class UptimeResourceError extends Error {
  override name = "UptimeResourceError";
  /** e.g. `Monitor "api"`. */
  readonly resource: string;
  /** Messages per property (camelCase paths), for validation failures. */
  readonly fields: Record<string, string[]>;

  constructor(resource: string, message: string, fields: Record<string, string[]> = {}, cause?: unknown) {
    super(`${resource}: ${message}`, cause === undefined ? undefined : { cause });
    this.resource = resource;
    this.fields = fields;
  }
}

/** `Monitor` + `api` → `Monitor "api"`; without a name, the id. */
export function resourceLabel(kind: "Monitor" | "Incident", name: unknown, id?: string | number): string {
  if (typeof name === "string" && name) return `${kind} "${name}"`;
  return id !== undefined && id !== "" ? `${kind} ${id}` : kind;
}

function camelFields(fields: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [toCamel(k), v]));
}

/** Rewrites any error from the client into one that names the resource and the property. */
export function toResourceError(resource: string, err: unknown): Error {
  if (err instanceof UptimeResourceError) return err;
  if (err instanceof UptimeValidationError || err instanceof UptimeInputError) {
    const fields = camelFields(err.fields);
    const parts = Object.entries(fields).map(([k, msgs]) => `${k}: ${msgs.join(" ")}`);
    const who = err instanceof UptimeInputError ? "invalid input" : "the service rejected";
    return new UptimeResourceError(resource, parts.length ? `${who} ${parts.join("; ")}` : err.message, fields, err);
  }
  if (err instanceof UptimeUnauthorizedError) {
    return new UptimeResourceError(
      resource,
      `the service did not accept the API key (401 ${err.serviceMessage ?? "Unauthenticated."}). ` +
        `Set the right key with \`pulumi config set --secret ${CONFIG_KEYS.apiKey} <key>\` or the ${ENV_VARS.apiKey} environment variable.`,
      {}, err,
    );
  }
  if (err instanceof UptimeForbiddenError) {
    return new UptimeResourceError(resource, `the account has no API access (403): ${err.serviceMessage ?? err.message}`, {}, err);
  }
  if (err instanceof UptimeError || err instanceof UptimeConfigError) {
    return new UptimeResourceError(resource, err.message, {}, err);
  }
  return new UptimeResourceError(resource, err instanceof Error ? err.message : String(err), {}, err);
}
