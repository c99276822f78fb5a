/** Every rule of the pack, in the order the docs list them. */
import { alertsRequired } from "./alerts-required";
import { httpsOnly } from "./https-only";
import { intervalCeiling } from "./interval-ceiling";
import { namePattern } from "./name-pattern";
import { noPlaintextCredentialHeaders } from "./no-plaintext-credential-headers";
import { sslAlertDays } from "./ssl-alert-days";
import type { Rule } from "../rule";

export const RULES = [
  alertsRequired,
  httpsOnly,
  intervalCeiling,
  sslAlertDays,
  namePattern,
  noPlaintextCredentialHeaders,
] as unknown as Rule[];
