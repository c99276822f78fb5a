/**
 * Accounts and their API keys. Data is stored under an account id derived from the key,
 * so the same key sees the same data after a restart and the key itself is never stored.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isTimeZone } from "../util/time";
import { DEFAULT_API_KEY, type ServerAccount } from "./types";

/** An account as the server uses it. */
export interface Account {
  /** Stable storage id: a hash of the key. */
  id: string;
  /** Name for logs and request records (never the key). */
  label: string;
  /** IANA zone of date inputs. */
  timeZone: string;
  /** False answers 403 to every API call. */
  apiAccess: boolean;
  /** The key, kept only to compare against. */
  key: Buffer;
}

/** Looks up accounts by bearer token. */
export class Accounts {
  private readonly list: Account[];

  /** Validates the configured accounts; throws on an empty key, a duplicate key or an unknown zone. */
  constructor(accounts: ServerAccount[] | undefined) {
    const given = accounts && accounts.length > 0 ? accounts : [{ apiKey: DEFAULT_API_KEY }];
    const seen = new Set<string>();
    this.list = given.map((a, i) => {
      if (typeof a.apiKey !== "string" || a.apiKey.trim() === "" || /\s/.test(a.apiKey)) {
        throw new Error(`account ${i + 1}: apiKey must be a non-empty string without whitespace`);
      }
      if (seen.has(a.apiKey)) throw new Error(`account ${i + 1}: duplicate apiKey`);
      seen.add(a.apiKey);
      const timeZone = a.timeZone ?? "UTC";
      if (!isTimeZone(timeZone)) throw new Error(`account ${i + 1}: unknown time zone ${timeZone}`);
      return {
        id: createHash("sha256").update(a.apiKey).digest("hex").slice(0, 32),
        label: a.name ?? `account-${i + 1}`,
        timeZone,
        apiAccess: a.apiAccess ?? true,
        key: Buffer.from(a.apiKey),
      };
    });
  }

  /** The account whose key is in `Authorization: Bearer <key>`, if any. */
  authenticate(req: IncomingMessage): Account | undefined {
    const header = req.headers.authorization;
    if (typeof header !== "string") return undefined;
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) return undefined;
    return this.byKey(m[1]);
  }

  /**
   * The account of the status page's visitor: `Authorization: Basic` with the API key as
   * the password (any user name: browsers ask for one), or a Bearer token as for the API.
   */
  authenticatePage(req: IncomingMessage): Account | undefined {
    const header = req.headers.authorization;
    if (typeof header !== "string") return undefined;
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    if (!basic) return this.authenticate(req);
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon < 0 ? undefined : this.byKey(decoded.slice(colon + 1));
  }

  /** The account whose key is `key`, if any. */
  byKey(key: string): Account | undefined {
    const token = Buffer.from(key);
    // Compare against every key in constant time per key, so timing tells nothing.
    let found: Account | undefined;
    for (const a of this.list) {
      if (a.key.length === token.length && timingSafeEqual(a.key, token)) found = a;
    }
    return found;
  }

  /** Storage ids of every configured account. */
  ids(): string[] {
    return this.list.map((a) => a.id);
  }
}
