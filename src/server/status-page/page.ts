/**
 * `GET /`: the status page of the account whose API key the visitor gives. The key is
 * asked for with HTTP Basic auth (any user name, the key as password), so it travels in
 * a header the browser keeps, never in a URL; a Bearer header works too, for scripts.
 * The page is not part of the API: it is not rate-limited and not counted as a write.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Accounts } from "../auth";
import type { Reply } from "../respond";
import type { Store } from "../store";
import { renderSignIn, renderStatusPage } from "./render";

/** Monitors shown on the page; the rest are counted. */
const MAX_MONITORS = 500;
/** Incidents shown, newest first. */
const MAX_INCIDENTS = 50;
/** Refresh period when `?refresh=` is absent or not a whole number of seconds from 1 to 3600. */
const DEFAULT_REFRESH_SECONDS = 10;

/** What the page needs from its server. */
interface StatusPageDeps {
  accounts: Accounts;
  store: Store;
  now: () => number;
}

function htmlReply(status: number, html: string, nonce?: string, headers: Record<string, string> = {}): Reply {
  const csp = [
    "default-src 'none'",
    nonce ? `script-src 'nonce-${nonce}'` : "",
    nonce ? `style-src 'nonce-${nonce}'` : "",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ]
    .filter(Boolean)
    .join("; ");
  return {
    status,
    text: html,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": csp,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      ...headers,
    },
  };
}

/** Answers `GET /`. */
export async function statusPage(deps: StatusPageDeps, req: IncomingMessage, query: URLSearchParams): Promise<Reply> {
  const account = deps.accounts.authenticatePage(req);
  if (!account) {
    return htmlReply(401, renderSignIn(), undefined, {
      "WWW-Authenticate": 'Basic realm="uptime-server status page", charset="UTF-8"',
    });
  }
  const asked = Number(query.get("refresh"));
  const refreshSeconds = Number.isInteger(asked) && asked >= 1 && asked <= 3600 ? asked : DEFAULT_REFRESH_SECONDS;
  const now = deps.now();
  const { monitors, incidents } = await deps.store.run(async (tx) => ({
    monitors: await tx.listMonitors(account.id, {
      searchBy: "name",
      sortBy: "name",
      sort: "asc",
      limit: MAX_MONITORS,
      offset: 0,
    }),
    incidents: await tx.listIncidents(account.id, {
      searchBy: "monitor",
      sortBy: "started_at",
      sort: "desc",
      limit: MAX_INCIDENTS,
      offset: 0,
    }),
  }));
  const nonce = randomBytes(16).toString("base64");
  const html = renderStatusPage({
    account: account.label,
    timeZone: account.timeZone,
    monitors: monitors.rows,
    moreMonitors: Math.max(0, monitors.total - monitors.rows.length),
    incidents: incidents.rows,
    now,
    refreshSeconds,
    nonce,
  });
  return htmlReply(200, html, nonce);
}
