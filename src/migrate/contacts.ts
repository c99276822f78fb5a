/**
 * Alert contacts of the three vendors in the service's channels: which vendor kinds have a
 * channel here, and the value the channel takes (a Telegram channel takes "BOT_TOKEN CHAT_ID").
 */
import { ALERT_CHANNELS } from "../schemas/values";

type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** Vendor kinds (lower case) by the service's channel they become. */
const KINDS: Record<string, AlertChannel> = {
  email: "email",
  smtp: "email",
  sms: "sms",
  webhook: "webhook",
  slack: "slack",
  teams: "teams",
  "ms-teams": "teams",
  msteams: "teams",
  "microsoft-teams": "teams",
  discord: "discord",
  telegram: "telegram",
};

/** The service's channel for a vendor's contact kind, or undefined when the service has none. */
export function channelOf(kind: string): AlertChannel | undefined {
  const k = kind.toLowerCase();
  return (ALERT_CHANNELS as readonly string[]).includes(k) ? (k as AlertChannel) : KINDS[k];
}

/** A Telegram contact's value as the service takes it, from the bot token and the chat id. */
export function telegramValue(token: string | undefined, chatId: string | undefined): string | undefined {
  return token && chatId ? `${token} ${chatId}` : undefined;
}

/** Why a status page is not carried. */
export const NO_STATUS_PAGES = "the service has no status pages to declare";
