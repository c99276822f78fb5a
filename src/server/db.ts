/**
 * Opening PGlite. A durable server owns one PGlite on its data directory. In-memory
 * servers share ONE PGlite per process, each in its own Postgres schema: starting
 * PGlite costs about 2 s (mostly initdb), a schema costs milliseconds, which keeps test
 * files that start many servers fast. The first in-memory start of a machine also saves
 * the freshly initialised cluster as a tarball in the OS temp directory and later
 * processes load it (about 0.6 s instead of 2 s). Set UPTIME_SERVER_PGLITE_CACHE=off to
 * skip that cache, or to a directory to keep it elsewhere.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { loadPGlite } from "./pglite";
import { isProcessAlive } from "../util/process-alive";

/** A place to keep one server's tables. */
export interface Database {
  /** The PGlite instance, possibly shared with other in-memory servers of this process. */
  pg: PGlite;
  /** Quoted schema name to prefix table names with. */
  schema: string;
  /** Frees the schema (in memory) or closes PGlite (durable). */
  release(): Promise<void>;
}

type PGliteClass = ReturnType<typeof loadPGlite>["PGlite"];

let shared: Promise<PGlite> | undefined;
/** Name of the lock file in a data directory. */
const LOCK_FILE = "uptime-server.lock";
/** Data directories locked by servers of this process. */
const lockedHere = new Set<string>();
let schemaCounter = 0;

/** Opens storage: durable on `dataDir`, else a fresh schema in the process's shared in-memory PGlite. */
export async function openDatabase(dataDir: string | undefined): Promise<Database> {
  // Before anything is created on disk: without PGlite installed this fails naming the fix.
  const { PGlite } = loadPGlite();
  if (dataDir !== undefined) {
    const dir = path.resolve(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    const unlock = lockDataDir(dir);
    try {
      const pg = await openDurable(PGlite, dir);
      return {
        pg,
        schema: '"uptime"',
        release: async () => {
          try {
            await pg.close();
          } finally {
            unlock();
          }
        },
      };
    } catch (err) {
      unlock();
      throw err;
    }
  }
  if (!shared) {
    shared = createMemoryPGlite(PGlite);
    // A failed start must not poison later attempts.
    shared.catch(() => (shared = undefined));
  }
  const pg = await shared;
  const name = `srv_${++schemaCounter}`;
  return {
    pg,
    schema: `"${name}"`,
    release: async () => {
      await pg.exec(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    },
  };
}

/**
 * PGlite on `dir`. An empty directory is seeded from the cached template when there is
 * one (skipping initdb); if that fails the directory is emptied again and initialised
 * the slow way.
 */
async function openDurable(PGlite: PGliteClass, dir: string): Promise<PGlite> {
  const empty = fs.readdirSync(dir).every((f) => f === LOCK_FILE);
  const file = empty ? templateFile() : undefined;
  if (file && fs.existsSync(file)) {
    let pg: PGlite | undefined;
    try {
      pg = new PGlite({ dataDir: dir, loadDataDir: readTemplate(file) });
      await pg.waitReady;
      return pg;
    } catch {
      await pg?.close().catch(() => undefined);
      for (const f of fs.readdirSync(dir))
        if (f !== LOCK_FILE) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
    }
  }
  const pg = new PGlite(dir);
  await pg.waitReady;
  return pg;
}

/** The template as an uncompressed tar: zlib unpacks it several times faster than PGlite's own gunzip. */
function readTemplate(file: string): Blob {
  return new Blob([zlib.gunzipSync(fs.readFileSync(file))]);
}

function templateFile(): string | undefined {
  const setting = process.env.UPTIME_SERVER_PGLITE_CACHE;
  if (setting === "off" || setting === "0") return undefined;
  let version = "unknown";
  try {
    const pkg = path.join(path.dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
    version = JSON.parse(fs.readFileSync(pkg, "utf8")).version;
  } catch {
    // Without a version the cache is still keyed by file name; a mismatch falls back below.
  }
  return path.join(setting || os.tmpdir(), `uptime-server-pglite-${version}.tgz`);
}

async function createMemoryPGlite(PGlite: PGliteClass): Promise<PGlite> {
  const file = templateFile();
  if (file && fs.existsSync(file)) {
    try {
      const pg = new PGlite({ loadDataDir: readTemplate(file) });
      await pg.waitReady;
      return pg;
    } catch {
      // A truncated or foreign template: rebuild it below.
    }
  }
  const pg = new PGlite();
  await pg.waitReady;
  if (file) {
    try {
      const dump = await pg.dumpDataDir("gzip");
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      // rename is atomic, so parallel test processes never read half a file.
      fs.renameSync(tmp, file);
    } catch {
      // The cache is an optimisation only.
    }
  }
  return pg;
}

/**
 * Refuses a data directory another live process is using: two PGlite instances on one
 * directory corrupt it. A lock left by a killed process (its pid is gone) is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  if (lockedHere.has(dir)) throw new Error(`data directory ${dir} is in use by another server of this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      lockedHere.add(dir);
      return () => {
        lockedHere.delete(dir);
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(file, "utf8").trim());
      // Our own pid here is a lock from a killed earlier process that had the same pid.
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid)) {
        // eslint-disable-next-line preserve-caught-error -- EEXIST only says a lock exists; the news is whose it is
        throw new Error(`data directory ${dir} is in use by process ${pid}`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock data directory ${dir}`);
}
