/**
 * Errors as a Pulumi user reads them: the resource, the field in the program's own
 * (camelCase) name and the service's message, and for a 401 which setting to fix.
 */
import {
  UptimeError,
  UptimeForbiddenError,
  UptimeInputError,
  UptimeNetworkError,
  UptimeNotFoundError,
  UptimeUnauthorizedError,
  UptimeValidationError,
} from "../client/errors";
import { classifyFailure } from "../client/retry";
import { CONFIG_KEYS, ENV_VARS, resolveSettings, settingName } from "./config";
import { toCamel } from "../schemas/name-case";
import { resourceLabel } from "./resource-label";

export { resourceLabel };

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

/**
 * An update or read of a record the service no longer has: it was deleted outside Pulumi,
 * and a plain `up` compares with the last recorded state, so only a refresh notices.
 */
function deletedOutsidePulumi(
  resource: string,
  kind: "monitor" | "incident",
  id: string,
  cause: unknown,
): UptimeResourceError {
  return new UptimeResourceError(
    resource,
    `${kind} ${id} was deleted outside Pulumi (the service has no ${kind} with that id). ` +
      "Run `pulumi up --refresh` to create it again (or `pulumi refresh`, then `pulumi up`).",
    {},
    cause,
  );
}

/** Why an update failed: a record gone since the last refresh says how to recreate it; any other error names the resource. */
export function updateFailure(resource: string, kind: "monitor" | "incident", id: string, err: unknown): Error {
  return err instanceof UptimeNotFoundError
    ? deletedOutsidePulumi(resource, kind, id, err)
    : toResourceError(resource, err);
}

/** Pulumi's `delete` of a record: one already gone is deleted as asked; any other failure names the resource. */
export async function deleteUnlessGone(resource: string, remove: () => Promise<unknown>): Promise<void> {
  try {
    await remove();
  } catch (err) {
    if (err instanceof UptimeNotFoundError) return;
    throw toResourceError(resource, err);
  }
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
  const access = accessProblem(err);
  if (access) return new UptimeResourceError(resource, access, {}, err);
  if (err instanceof UptimeError) {
    return new UptimeResourceError(resource, err.message, {}, err);
  }
  return new UptimeResourceError(resource, err instanceof Error ? err.message : String(err), {}, err);
}

/**
 * For an error that says the settings do not reach the account (a rejected key, an account
 * without API access, a service that cannot be connected to), what to fix, naming the
 * setting the user set; undefined for any other error.
 */
export function accessProblem(err: unknown): string | undefined {
  const s = resolveSettings();
  if (err instanceof UptimeUnauthorizedError) {
    const fix =
      s.from.apiKey === "env"
        ? `Set the right key in the ${ENV_VARS.apiKey} environment variable (or with \`pulumi config set --secret ${CONFIG_KEYS.apiKey} <key>\`, which wins).`
        : `Set the right key with \`pulumi config set --secret ${CONFIG_KEYS.apiKey} <key>\` (or the ${ENV_VARS.apiKey} environment variable when the stack config has none).`;
    return `the service did not accept the API key from ${settingName("apiKey", s)} (401 ${err.serviceMessage ?? "Unauthenticated."}). ${fix}`;
  }
  if (err instanceof UptimeForbiddenError) {
    return `the account of the API key from ${settingName("apiKey", s)} has no API access (403): ${err.serviceMessage ?? err.message}`;
  }
  // A proxy or a certificate: the message names the setting that fixes it.
  if (err instanceof UptimeNetworkError && err.via) return err.message;
  if (err instanceof UptimeNetworkError && !err.outcomeUnknown && classifyFailure(err.cause) === "not-sent") {
    return `${err.message} Check ${settingName("baseUrl", s)} (${JSON.stringify(s.baseUrl ?? "")}): is the service running there?`;
  }
  return undefined;
}
