/** The exit codes of `maintenance start` and `end`, and which errors are the user's to fix. */
import { UptimeForbiddenError, UptimeUnauthorizedError } from "../client/errors";
import type { CliIo } from "../cli/command";
import { RecordError } from "./record-file";
import { SettingsError } from "./service-client";
import { StackError } from "./stack-source";
import { WindowError } from "./window";

/** Exit codes of both subcommands. */
export const EXIT = { done: 0, someFailed: 1, usage: 2 } as const;

/**
 * The exit code for an error that stopped `command` before it changed anything, said on
 * stderr: 2 for usage and settings (a bad window, record or stack, settings that cannot
 * work, a key the service refuses), 1 otherwise (the service failed). Client errors name
 * the request and the status, never the key.
 */
export function exitForError(io: CliIo, command: "start" | "end", err: unknown): number {
  io.stderr.write(`pulumi-uptime maintenance ${command}: ${(err as Error).message}\n`);
  const usage =
    err instanceof WindowError ||
    err instanceof SettingsError ||
    err instanceof RecordError ||
    err instanceof StackError ||
    err instanceof UptimeUnauthorizedError ||
    err instanceof UptimeForbiddenError;
  return usage ? EXIT.usage : EXIT.someFailed;
}
