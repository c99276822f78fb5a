/** The named types of the contract's allowed-value lists, read from src/schemas/values. */
import type {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  CACHE_BUSTER_VALUES,
  EXPIRY_ALERT_DAYS,
  INCIDENT_STATUSES,
  INTERVALS,
  MONITOR_STATUSES,
  REQUEST_METHODS,
} from "../schemas/values";

/** A check interval in seconds. */
export type Interval = (typeof INTERVALS)[number];
/** When a monitor alerts. */
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
/** HTTP method of the check request. */
export type RequestMethod = (typeof REQUEST_METHODS)[number];
/** Days before expiry to alert. */
export type ExpiryAlertDays = (typeof EXPIRY_ALERT_DAYS)[number];
/** An alert channel. */
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** 0 (disabled) or 1 (enabled). */
export type CacheBuster = (typeof CACHE_BUSTER_VALUES)[number];
/** A monitor's state as the service reports it. */
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];
/** An incident's state, derived by the service from its timestamps. */
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
