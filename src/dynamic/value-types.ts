/** The named types of the contract's allowed-value lists, read from src/schemas/values. */
import type { NAMED_VALUE_LISTS } from "../schemas/values";

type ValueOf<Name extends keyof typeof NAMED_VALUE_LISTS> = (typeof NAMED_VALUE_LISTS)[Name][number];

/** A check interval in seconds. */
export type Interval = ValueOf<"Interval">;
/** When a monitor alerts. */
export type AlertCondition = ValueOf<"AlertCondition">;
/** HTTP method of the check request. */
export type RequestMethod = ValueOf<"RequestMethod">;
/** Days before expiry to alert. */
export type ExpiryAlertDays = ValueOf<"ExpiryAlertDays">;
/** An alert channel. */
export type AlertChannel = ValueOf<"AlertChannel">;
/** 0 (disabled) or 1 (enabled). */
export type CacheBuster = ValueOf<"CacheBuster">;
/** A monitor's state as the service reports it. */
export type MonitorStatus = ValueOf<"MonitorStatus">;
/** An incident's state, derived by the service from its timestamps. */
export type IncidentStatus = ValueOf<"IncidentStatus">;
