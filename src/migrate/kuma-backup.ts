/**
 * `--from kuma-backup`: the JSON file of Uptime Kuma's Settings → Backup → Export (1.x;
 * the feature was deprecated in 1.18 and removed in 2.0): `version`, `notificationList`
 * (each with its settings as a JSON text in `config`), `monitorList`, and from 1.19 on
 * `maintenanceList` and `statusPageList` when present.
 */
import { channelOf, NO_STATUS_PAGES, telegramValue } from "./contacts";
import { type FieldTable, ignored, mapped, SHARED_RULES } from "./field-tables";
import { KUMA_MAINTENANCE, kumaTable, KUMA_VENDOR, readKumaMonitor, type KumaNames } from "./kuma-fields";
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

/** The backup's names of Kuma's settings. */
const NAMES: KumaNames = {
  name: "name",
  url: "url",
  interval: "interval",
  keyword: "keyword",
  invertKeyword: "invertKeyword",
  method: "method",
  headers: "headers",
  username: "basic_auth_user",
  password: "basic_auth_pass",
  authMethod: "authMethod",
  active: "active",
  expiryNotification: "expiryNotification",
  upsideDown: "upsideDown",
  acceptedStatusCodes: "accepted_statuscodes",
  body: "body",
  ignoreTls: "ignoreTls",
  maxRetries: "maxretries",
  retryInterval: "retryInterval",
  resendInterval: "resendInterval",
  timeout: "timeout",
  maxRedirects: "maxredirects",
  proxyId: "proxyId",
  notifications: "notificationIDList",
};

const OTHER_KINDS = "monitors of kinds that are not mapped only";
const NEUTRAL = "Kuma's record or dashboard: does not change the check";
/** The fields of other kinds of monitor, which are not mapped. */
const OTHER_KIND_FIELDS = [
  "hostname",
  "port",
  "packetSize",
  "dns_resolve_type",
  "dns_resolve_server",
  "dns_last_result",
  "docker_container",
  "docker_host",
  "mqttUsername",
  "mqttPassword",
  "mqttTopic",
  "mqttSuccessMessage",
  "databaseConnectionString",
  "databaseQuery",
  "radiusUsername",
  "radiusPassword",
  "radiusCalledStationId",
  "radiusCallingStationId",
  "radiusSecret",
  "grpcUrl",
  "grpcProtobuf",
  "grpcMethod",
  "grpcServiceName",
  "grpcEnableTls",
  "grpcBody",
  "grpcMetadata",
  "game",
  "gamedigGivenPortOnly",
  "jsonPath",
  "expectedValue",
  "kafkaProducerTopic",
  "kafkaProducerBrokers",
  "kafkaProducerSsl",
  "kafkaProducerAllowAutoTopicCreation",
  "kafkaProducerMessage",
  "kafkaProducerSaslOptions",
  "pushToken",
];

/** The fields of a monitor in `monitorList` (Uptime Kuma 1.x's `Monitor.toJSON`). */
export const KUMA_BACKUP_MONITOR_FIELDS: FieldTable = kumaTable(
  NAMES,
  ["authDomain", "authWorkstation", "tlsCa", "tlsCert", "tlsKey"],
  {
    id: ignored("Kuma's id; notifications name monitors by it, the service assigns its own"),
    type: mapped("`http` and `keyword` are mapped; the other kinds are not"),
    description: SHARED_RULES.description,
    pathName: ignored(NEUTRAL),
    parent: ignored(NEUTRAL),
    childrenIDs: ignored(NEUTRAL),
    weight: ignored(NEUTRAL),
    tags: SHARED_RULES.labels,
    maintenance: ignored("whether a maintenance is under way (the windows are listed under otherItems)"),
    forceInactive: ignored("set when its group is paused: `active` says the same"),
    includeSensitiveData: ignored(NEUTRAL),
    screenshot: ignored(OTHER_KINDS),
    httpBodyEncoding: SHARED_RULES.bodyEncoding,
    ...Object.fromEntries(OTHER_KIND_FIELDS.map((f) => [f, ignored(OTHER_KINDS)])),
  },
);

function monitor(m: Record<string, unknown>, at: string, contacts: Map<string, SourceContact>): SourceMonitor {
  return readKumaMonitor(m, {
    names: NAMES,
    table: KUMA_BACKUP_MONITOR_FIELDS,
    ref: at,
    kind: (str(m.type) ?? "unknown").toLowerCase(),
    fallbackName: at,
    notificationIds: isObject(m.notificationIDList)
      ? Object.entries(m.notificationIDList).flatMap(([id, on]) => (on ? [id] : []))
      : [],
    contacts,
    holder: "backup",
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
