/**
 * The contract's lists of allowed values and the service's length limits.
 *
 * This is the one module the local server shares with the client: the server keeps its
 * own validation code (it plays the service), but both read the same lists, so a value
 * the contract allows can never be allowed by one side only.
 */

/** Check intervals in seconds (`interval`). */
export const INTERVALS = [60, 180, 300, 600, 900, 1800, 3600] as const;
/** What makes a monitor alert (`alert_condition`). */
export const ALERT_CONDITIONS = ["url_unavailable", "url_text", "url_no_text"] as const;
/** Alert conditions that need `alert_text_lookup`. */
export const TEXT_ALERT_CONDITIONS = ["url_text", "url_no_text"] as const;
/** HTTP methods of the check request (`request_method`). */
export const REQUEST_METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;
/** `cache_buster`: 0 disabled, 1 enabled. */
export const CACHE_BUSTER_VALUES = [0, 1] as const;
/** Lead times in days for `ssl_alert_days` and `domain_alert_days`. */
export const EXPIRY_ALERT_DAYS = [0, 1, 2, 3, 7, 14, 30, 60] as const;
/** Alert channels (`alerts[i][key]`). */
export const ALERT_CHANNELS = ["email", "webhook", "slack", "teams", "discord", "flock", "telegram", "sms"] as const;
/** Channels whose value is a URL. */
export const URL_ALERT_CHANNELS = ["webhook", "slack", "teams", "discord", "flock"] as const;
/** Monitor states the service reports. */
export const MONITOR_STATUSES = ["pending", "online", "offline", "paused", "maintenance"] as const;
/** Incident states, derived by the service from the timestamps. */
export const INCIDENT_STATUSES = ["unresolved", "acknowledged", "resolved"] as const;

/**
 * The lists a resource's types name (src/dynamic/value-types.ts), by the name of their type:
 * the generated types write `Interval` rather than the union of its values.
 */
export const NAMED_VALUE_LISTS = {
  Interval: INTERVALS,
  AlertCondition: ALERT_CONDITIONS,
  RequestMethod: REQUEST_METHODS,
  ExpiryAlertDays: EXPIRY_ALERT_DAYS,
  AlertChannel: ALERT_CHANNELS,
  CacheBuster: CACHE_BUSTER_VALUES,
  MonitorStatus: MONITOR_STATUSES,
  IncidentStatus: INCIDENT_STATUSES,
} as const;

/** Page sizes both lists accept. Anything else falls back to an instance setting. */
export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
/** The contract's default page size. */
export const DEFAULT_PER_PAGE = 25;
/** Sort directions. */
export const SORT_ORDERS = ["desc", "asc"] as const;
/** Monitor list `search_by`. */
export const MONITOR_SEARCH_BY = ["name", "url"] as const;
/** Monitor list `sort_by`. */
export const MONITOR_SORT_BY = ["id", "name", "url"] as const;
/** Incident list `search_by`, as the contract lists it. */
export const INCIDENT_SEARCH_BY = ["monitor", "cause"] as const;
/** Incident list `search_by` the real service also accepts: `comment` too, beyond the contract's list. */
export const INCIDENT_SEARCH_BY_SERVICE = ["monitor", "cause", "comment"] as const;
/** Incident list `sort_by`. */
export const INCIDENT_SORT_BY = ["started_at", "ended_at"] as const;

/** Length and count limits the service's validation enforces (docs/service-behaviour-notes.md). */
export const LIMITS = {
  name: 128,
  url: 2048,
  alertTextLookup: 255,
  requestAuthUsername: 255,
  requestAuthPassword: 1024,
  requestHeaders: 100,
  requestHeaderKey: 128,
  requestHeaderValue: 256,
  alerts: 100,
  alertEmail: 256,
  alertSms: 16,
  alertTelegram: 128,
  alertUrl: 256,
  cause: 255,
  comment: 1024,
} as const;
