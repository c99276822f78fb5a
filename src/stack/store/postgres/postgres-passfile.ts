/**
 * A password from the libpq password file (lines `host:port:database:user:password`), read
 * as lib/pq 1.12 (the CLI's driver) reads it when the URL and PGPASSWORD give none.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";

/** The connection a line must match. */
interface PassfileTarget {
  host: string;
  port: string;
  database: string;
  user: string;
}

/**
 * The password of the first line of the password file that matches (`host:port:db:user:password`,
 * `*` matching anything, `\` escaping), as lib/pq reads it: `passfile`/PGPASSFILE, else
 * `~/.postgresql/.pgpass` (lib/pq's default, not libpq's `~/.pgpass`), ignored when others may read it.
 */
export function passfilePassword(
  passfile: string | undefined,
  home: string | undefined,
  t: PassfileTarget,
): string | undefined {
  const file = passfile ?? (home ? join(home, ".postgresql", ".pgpass") : undefined);
  if (!file || !existsSync(file) || (statSync(file).mode & 0o077) !== 0) return undefined;
  const socket = isAbsolute(t.host);
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const f = passfileFields(line);
    if (f.length !== 5) continue;
    const hostMatches = f[0] === "*" || f[0] === t.host || (f[0] === "localhost" && socket);
    if (hostMatches && [t.port, t.database, t.user].every((v, i) => f[i + 1] === "*" || f[i + 1] === v)) return f[4];
  }
  return undefined;
}

function passfileFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "\\" && i + 1 < line.length) field += line[++i];
    else if (line[i] === ":") {
      fields.push(field);
      field = "";
    } else field += line[i];
  }
  return [...fields, field];
}
