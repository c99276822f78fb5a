/**
 * Which proxy a request to the service goes through, decided from the settings and the
 * environment alone (no connection): the variable for the service's scheme, lower case
 * first, `proxyUrl` over the variables, NO_PROXY as curl and Go read it, and how the proxy
 * is named to a person. (Requests through a real proxy:
 * proxies-from-the-environment-or-proxy-url-carry-the-requests.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { proxyFor } from "../../src/client/network";

describe("the variable", () => {
  it("an https service takes https_proxy, then HTTPS_PROXY, then http_proxy, then HTTP_PROXY", () => {
    const all = {
      https_proxy: "http://a:1",
      HTTPS_PROXY: "http://b:2",
      http_proxy: "http://c:3",
      HTTP_PROXY: "http://d:4",
    };
    const from = (env: NodeJS.ProcessEnv) => proxyFor("https://svc.example", env)?.from;
    expect(from(all)).toBe("https_proxy");
    expect(from({ ...all, https_proxy: undefined })).toBe("HTTPS_PROXY");
    expect(from({ http_proxy: "http://c:3", HTTP_PROXY: "http://d:4" })).toBe("http_proxy");
    expect(from({ HTTP_PROXY: "http://d:4" })).toBe("HTTP_PROXY");
  });

  it("an http service takes only http_proxy or HTTP_PROXY", () => {
    expect(proxyFor("http://svc.example", { HTTPS_PROXY: "http://b:2" })).toBeUndefined();
    expect(proxyFor("http://svc.example", { HTTPS_PROXY: "http://b:2", HTTP_PROXY: "http://d:4" })?.from).toBe(
      "HTTP_PROXY",
    );
  });

  it("an http service takes http_proxy before HTTP_PROXY", () => {
    expect(proxyFor("http://svc.example", { http_proxy: "http://c:3", HTTP_PROXY: "http://d:4" })?.from).toBe(
      "http_proxy",
    );
  });

  it("a blank variable counts as unset", () => {
    expect(proxyFor("http://svc.example", { http_proxy: "  ", HTTP_PROXY: "http://d:4" })?.from).toBe("HTTP_PROXY");
    expect(proxyFor("http://svc.example", { HTTP_PROXY: " " })).toBeUndefined();
  });

  it("a variable without a scheme names an http:// proxy; one with a scheme is kept, trimmed", () => {
    expect(proxyFor("http://svc.example", { HTTP_PROXY: "proxy.corp:3128" })?.uri).toBe("http://proxy.corp:3128");
    expect(proxyFor("http://svc.example", { HTTP_PROXY: " https://proxy.corp:8443 " })?.uri).toBe(
      "https://proxy.corp:8443",
    );
  });

  it("proxyUrl wins over the variables and is taken as written", () => {
    const route = proxyFor(
      "http://svc.example",
      { HTTP_PROXY: "http://d:4" },
      { value: "http://set.example:3128", from: "uptime:proxyUrl" },
    );
    expect(route).toEqual({
      uri: "http://set.example:3128",
      shown: "http://set.example:3128",
      from: "uptime:proxyUrl",
    });
  });
});

describe("how the proxy is named", () => {
  const shown = (value: string, origin = "http://svc.example") => proxyFor(origin, { HTTP_PROXY: value })?.shown;

  it("without its user and password, with the scheme's port spelled out", () => {
    expect(shown("http://user:pw-secret@proxy.corp")).toBe("http://proxy.corp:80");
    expect(shown("https://proxy.corp")).toBe("https://proxy.corp:443");
    expect(shown("http://proxy.corp:3128")).toBe("http://proxy.corp:3128");
  });

  it("an IPv6 proxy keeps its brackets", () => {
    expect(shown("http://[::1]:3128")).toBe("http://[::1]:3128");
  });

  it("an unreadable URL is named as such, never repeated", () => {
    expect(shown("http://us er:pw-secret@")).toBe("(an unreadable proxy URL)");
  });
});

describe("NO_PROXY", () => {
  // Whether a request to http://hostname:port goes direct although HTTP_PROXY is set.
  const bypassesProxy = (hostname: string, port: number, noProxy: string): boolean =>
    proxyFor(`http://${hostname}:${port}`, { HTTP_PROXY: "http://proxy.example:3128", NO_PROXY: noProxy }) ===
    undefined;

  it("follows curl's and Go's rules: domains, subdomains, ports, IPs, CIDR ranges, *", () => {
    expect(bypassesProxy("10.1.2.3", 443, "10.0.0.0/8")).toBe(true);
    expect(bypassesProxy("11.1.2.3", 443, "10.0.0.0/8")).toBe(false);
    expect(bypassesProxy("[fd00::1]", 443, "fd00::/8")).toBe(true);
    expect(bypassesProxy("[fe80::1]", 443, "fd00::/8")).toBe(false);
    expect(bypassesProxy("[::1]", 8080, "[::1]:8080")).toBe(true);
    expect(bypassesProxy("[::1]", 8080, "::1")).toBe(true);
    expect(bypassesProxy("10.corp.example", 443, "10.0.0.0/8")).toBe(false);
    expect(bypassesProxy("anything", 1, "corp.example, *")).toBe(true);
    expect(bypassesProxy("api.corp.example", 443, ".corp.example")).toBe(true);
    expect(bypassesProxy("corp.example", 443, "*.corp.example")).toBe(true);
    expect(bypassesProxy("notcorp.example", 443, "corp.example")).toBe(false);
    expect(bypassesProxy("127.0.0.1", 8080, "127.0.0.1:9090")).toBe(false);
    expect(bypassesProxy("127.0.0.1", 8080, "127.0.0.1:8080")).toBe(true);
    expect(bypassesProxy("anything", 1, "*")).toBe(true);
    expect(bypassesProxy("anything", 1, "")).toBe(false);
  });

  it("compares host names without regard to case, and splits entries on commas and spaces", () => {
    expect(bypassesProxy("API.Corp.Example", 80, "corp.example")).toBe(true);
    expect(bypassesProxy("api.corp.example", 80, "other.example CORP.EXAMPLE")).toBe(true);
    expect(bypassesProxy("a.example", 80, "b.example,,c.example")).toBe(false);
  });

  it("a port in an entry matches the service's default port when the URL names none", () => {
    expect(proxyFor("http://svc.example", { HTTP_PROXY: "http://p:1", NO_PROXY: "svc.example:80" })).toBeUndefined();
    expect(proxyFor("https://svc.example", { HTTPS_PROXY: "http://p:1", NO_PROXY: "svc.example:443" })).toBeUndefined();
    expect(proxyFor("https://svc.example", { HTTPS_PROXY: "http://p:1", NO_PROXY: "svc.example:80" })).toBeDefined();
  });

  it("a domain entry does not cover an IP address that ends like it", () => {
    expect(bypassesProxy("10.0.0.1", 80, "0.1")).toBe(false);
    expect(bypassesProxy("10.0.0.1", 80, "10.0.0.1")).toBe(true);
  });

  it("a range wider than its family allows, or one that is not an address, is an ordinary entry", () => {
    expect(bypassesProxy("10.1.2.3", 80, "10.0.0.0/33")).toBe(false);
    expect(bypassesProxy("[fd00::1]", 80, "fd00::/129")).toBe(false);
    expect(bypassesProxy("10.1.2.3", 80, "10.0.0.0/32")).toBe(false);
    expect(bypassesProxy("10.0.0.0", 80, "10.0.0.0/32")).toBe(true);
    expect(bypassesProxy("[fd00::1]", 80, "[fd00::]/16")).toBe(true);
  });

  it("an entry that only contains a range or a port is an ordinary entry", () => {
    expect(bypassesProxy("10.1.2.3", 80, "x10.0.0.0/8")).toBe(false);
    expect(bypassesProxy("10.1.2.3", 80, "10.0.0.0/8x")).toBe(false);
    expect(bypassesProxy("10.1.2.3", 80, "abc/8")).toBe(false);
    expect(bypassesProxy("svc.example", 80, "svc.example:80x")).toBe(false);
  });

  it("an IPv6 range may be longer than an IPv4 one", () => {
    expect(bypassesProxy("[fd00::1]", 80, "fd00::/64")).toBe(true);
    expect(bypassesProxy("[fd00:0:0:1::1]", 80, "fd00::/64")).toBe(false);
  });

  it("an empty entry matches no host, not even one written with a final dot", () => {
    expect(
      proxyFor("http://svc.example./", { HTTP_PROXY: "http://p:1", NO_PROXY: "a.example,,b.example" }),
    ).toBeDefined();
  });

  it("an IP range never holds a service addressed by name", () => {
    expect(bypassesProxy("ten.example", 80, "10.0.0.0/8")).toBe(false);
  });

  it("no_proxy is read before NO_PROXY", () => {
    const env = { HTTP_PROXY: "http://p:1", no_proxy: "a.example", NO_PROXY: "b.example" };
    expect(proxyFor("http://a.example", env)).toBeUndefined();
    expect(proxyFor("http://b.example", env)).toBeDefined();
  });

  it("applies to proxyUrl too", () => {
    const set = { value: "http://set.example:3128", from: "proxyUrl" };
    expect(proxyFor("http://svc.example", { NO_PROXY: "svc.example" }, set)).toBeUndefined();
  });
});
