/**
 * `--from kuma-backup`: the JSON file of Uptime Kuma's Settings → Backup → Export (1.x;
 * the feature was deprecated in 1.18 and removed in 2.0): `version`, `notificationList`
 * (each with its settings as a JSON text in `config`), `monitorList`, and from 1.19 on
 * `maintenanceList` and `statusPageList` when present.
 */
import { channelOf, NO_STATUS_PAGES, telegramValue } from "./contacts";
import { KUMA_MAINTENANCE, kumaMonitor, KUMA_VENDOR } from "./kuma-fields";
import {
  isObject,
  MigrateInputError,
  parseJsonFile,
  str,
  type SourceContact,
  type SourceMonitor,
  type SourceRead,
} from "./source";

/** Where each kind of Kuma notification keeps the value the service's channel takes. */
function contactValue(kind: string, c: Record<string, unknown>): string | undefined {
  switch (channelOf(kind)) {
    case "slack":
      return str(c.slackwebhookURL);
    case "webhook":
      return str(c.webhookURL);
    case "teams":
      return str(c.webhookUrl);
    case "discord":
      return str(c.discordWebhookUrl);
    case "telegram":
      return telegramValue(str(c.telegramBotToken), str(c.telegramChatID));
    case "email":
      return str(c.smtpTo);
    default:
      return undefined;
  }
}

function notifications(list: unknown, file: string): Map<string, SourceContact> {
  const out = new Map<string, SourceContact>();
  if (list === undefined) return out;
  if (!Array.isArray(list)) throw new MigrateInputError(file, "$.notificationList", "expected an array");
  list.forEach((n: unknown, i) => {
    const at = `$.notificationList[${i}]`;
    if (!isObject(n) || str(n.id) === undefined)
      throw new MigrateInputError(file, at, "expected a notification with an id");
    let config: Record<string, unknown> = {};
    if (typeof n.config === "string") {
      try {
        const parsed = JSON.parse(n.config) as unknown;
        if (isObject(parsed)) config = parsed;
        else throw new Error("not an object");
      } catch {
        throw new MigrateInputError(
          file,
          `${at}.config`,
          "expected the notification's settings as a JSON object in a string",
        );
      }
    }
    const kind = (str(config.type) ?? "unknown").toLowerCase();
    out.set(str(n.id)!, {
      kind,
      name: str(n.name) ?? str(config.name) ?? `notification ${str(n.id)}`,
      value: contactValue(kind, config),
    });
  });
  return out;
}

function monitor(m: Record<string, unknown>, at: string, contacts: Map<string, SourceContact>): SourceMonitor {
  const ids = isObject(m.notificationIDList)
    ? Object.entries(m.notificationIDList).flatMap(([id, on]) => (on ? [id] : []))
    : [];
  return kumaMonitor({
    ref: at,
    kind: (str(m.type) ?? "unknown").toLowerCase(),
    name: m.name,
    fallbackName: at,
    url: m.url,
    interval: m.interval,
    keyword: m.keyword,
    invertKeyword: m.invertKeyword,
    method: m.method,
    headers: m.headers,
    username: m.basic_auth_user,
    authMethod: m.authMethod,
    password: m.basic_auth_pass,
    active: m.active,
    expiryNotification: m.expiryNotification,
    upsideDown: m.upsideDown,
    acceptedStatusCodes: m.accepted_statuscodes,
    body: m.body,
    ignoreTls: m.ignoreTls,
    maxRetries: m.maxretries,
    contacts: ids.map((id) => contacts.get(id) ?? { kind: "unknown", name: `notification ${id} (not in this backup)` }),
  });
}

/** Reads an Uptime Kuma backup file's monitors, notifications, maintenance and status pages. */
export function readKumaBackup(text: string, file: string): SourceRead {
  const doc = parseJsonFile(text, file, "an Uptime Kuma backup (JSON with monitorList)");
  if (!isObject(doc)) throw new MigrateInputError(file, "$", "expected a JSON object");
  if (!Array.isArray(doc.monitorList))
    throw new MigrateInputError(
      file,
      "$.monitorList",
      "expected an array of monitors (is this an Uptime Kuma backup?)",
    );
  const contacts = notifications(doc.notificationList, file);
  const monitors = doc.monitorList.map((m: unknown, i) => {
    const at = `$.monitorList[${i}]`;
    if (!isObject(m) || typeof m.name !== "string" || typeof m.type !== "string")
      throw new MigrateInputError(file, at, "expected a monitor with a name and a type");
    return monitor(m, at, contacts);
  });
  const others = [
    ...(Array.isArray(doc.maintenanceList) ? doc.maintenanceList : []).map((m: unknown, i) => ({
      ref: `$.maintenanceList[${i}]`,
      vendor: KUMA_VENDOR,
      kind: "maintenance window",
      name: (isObject(m) && str(m.title)) || `maintenance ${i + 1}`,
      why: KUMA_MAINTENANCE,
    })),
    ...(Array.isArray(doc.statusPageList) ? doc.statusPageList : []).map((p: unknown, i) => ({
      ref: `$.statusPageList[${i}]`,
      vendor: KUMA_VENDOR,
      kind: "status page",
      name:
        (isObject(p) && isObject(p.statusPage) && str(p.statusPage.title)) ||
        (isObject(p) && str(p.title)) ||
        `status page ${i + 1}`,
      why: NO_STATUS_PAGES,
    })),
  ];
  return { monitors, others };
}
