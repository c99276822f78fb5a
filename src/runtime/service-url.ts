/**
 * The form in which a service's base URL is written into a state (SERVICE_URL_KEY): a
 * state is read by anyone who can export the stack, so no `user:password@`, query or
 * fragment (where a key could sit) is ever kept.
 */

/** `baseUrl` without userinfo, query, fragment or trailing `/`; undefined when it is not a URL. */
export function serviceUrlForState(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}
