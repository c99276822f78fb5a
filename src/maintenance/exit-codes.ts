/**
 * The exit codes of `maintenance start` and `end`, which errors are the user's to fix, and
 * the frame both run in (what they hold is let go however they end).
 */
import { resolve } from "node:path";
import type { UptimeClient } from "../client/client";
import { UptimeForbiddenError, UptimeUnauthorizedError } from "../client/errors";
import type { CliIo } from "../util/command-line";
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

/** What a maintenance command holds while it runs: the client it opened and its claim on the record. */
interface Held {
  client?: UptimeClient;
  release?: () => void;
}

/**
 * Runs maintenance `command` on its record file (`record`, resolved against the command's
 * directory `cwd`): `body` puts in `held` what it opens, which is let go however it ends,
 * and an error it throws becomes the exit code (see {@link exitForError}).
 */
export async function runOnRecord(
  command: "start" | "end",
  record: string,
  io: CliIo,
  body: (where: { cwd: string; file: string }, held: Held) => Promise<number>,
): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const held: Held = {};
  try {
    return await body({ cwd, file: resolve(cwd, record) }, held);
  } catch (err) {
    return exitForError(io, command, err);
  } finally {
    await held.client?.close();
    held.release?.();
  }
}
