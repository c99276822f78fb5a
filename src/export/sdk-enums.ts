/** The SDKs' enum type of each `Monitor` argument whose value is one of a list (the same name in Go and Python). */
export const ENUM_TYPES: Readonly<Record<string, string>> = {
  interval: "Interval",
  alertCondition: "AlertCondition",
  requestMethod: "RequestMethod",
  sslAlertDays: "ExpiryAlertDays",
  domainAlertDays: "ExpiryAlertDays",
  cacheBuster: "CacheBuster",
};
