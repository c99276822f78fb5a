/**
 * PGlite, the local server's embedded database, is an optional peer dependency: a user
 * who only manages monitors does not install its 27 MB. Loading it here, on the first
 * server start rather than when the module is imported, turns its absence into one
 * error that names the command to run.
 */
import fs from "node:fs";
import path from "node:path";
import type * as PGliteModule from "@electric-sql/pglite";

/** The npm name of the database package. */
const PGLITE_PACKAGE = "@electric-sql/pglite";

/** The version range this release declares for it (its optional peer dependency). */
function pgliteRange(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as {
    peerDependencies?: Record<string, string>;
  };
  return pkg.peerDependencies?.[PGLITE_PACKAGE] ?? "latest";
}

/** The exact command that installs the database for this release. */
function pgliteInstallCommand(): string {
  return `npm install --save-dev ${PGLITE_PACKAGE}@${pgliteRange()}`;
}

/**
 * The local server was started without `@electric-sql/pglite` installed. It is an optional
 * peer dependency of pulumi-uptime, left out for users who only manage monitors.
 */
export class UptimeServerDependencyError extends Error {
  override name = "UptimeServerDependencyError";
  /** The command that installs what is missing, e.g. `npm install --save-dev @electric-sql/pglite@0.5.16`. */
  readonly installCommand: string;

  constructor(installCommand: string, cause: unknown) {
    super(
      `the local server needs ${PGLITE_PACKAGE} (its embedded database), which pulumi-uptime does not install ` +
        `for users who only manage monitors. Install it beside pulumi-uptime: ${installCommand}`,
      { cause },
    );
    this.installCommand = installCommand;
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    (e?.code === "MODULE_NOT_FOUND" || e?.code === "ERR_MODULE_NOT_FOUND") && String(e.message).includes(PGLITE_PACKAGE)
  );
}

/**
 * The PGlite module.
 * @throws UptimeServerDependencyError naming the install command when it is not installed.
 */
export function loadPGlite(): typeof PGliteModule {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an optional peer dependency, loaded on demand
    return require(PGLITE_PACKAGE) as typeof PGliteModule;
  } catch (err) {
    if (isMissing(err)) throw new UptimeServerDependencyError(pgliteInstallCommand(), err);
    throw err;
  }
}
