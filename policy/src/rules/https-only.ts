/** Monitors watch HTTPS URLs only. */
import { isHttps, type Rule } from "../rule";

export const httpsOnly: Rule = {
  name: "uptime-https-only",
  description: "A monitor's URL uses https://.",
  enforcement: "advisory",
  parameters: {},
  check(monitor) {
    if (monitor.url === undefined || isHttps(monitor.url)) return [];
    // The scheme only: a URL may carry credentials in its user info.
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(monitor.url)?.[1] ?? "no scheme";
    return [{ field: "url", problem: `uses ${scheme}; only https:// URLs are allowed` }];
  },
};
