/**
 * The credential-header rule on the uptime provider resources: their `defaults` headers, read
 * by name, secret where the engine marked the value, the header list or the whole setting.
 */
import { describe, expect, it } from "vitest";
import { isProviderType, providerView } from "../../policy/src/provider-view";
import { providerViolationMessage } from "../../policy/src/rule";
import { noPlaintextCredentialHeaders } from "../../policy/src/rules/no-plaintext-credential-headers";
import { secretInWire } from "../../policy/src/secret-paths";

const SIG = "4dabf18193072939515e22adb298388d";
const SECRET = "1b47061264138c4ac30d75fd1eb44270";
const secret = (value: unknown) => ({ [SIG]: SECRET, value });
const PROVIDER = "pulumi:providers:uptime";
const shown = { requestHeaders: [{ key: "Accept" }, { key: "Authorization" }] };

/** The view of a provider whose settings arrived in this wire form (marks in place). */
function viewOf(wire: Record<string, unknown>, resource = "team") {
  const unwrap = (v: unknown): unknown =>
    v && typeof v === "object" && (v as Record<string, unknown>)[SIG] === SECRET
      ? unwrap((v as { value: unknown }).value)
      : Array.isArray(v)
        ? v.map(unwrap)
        : v && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrap(x)]))
          : v;
  return providerView(PROVIDER, resource, unwrap(wire) as Record<string, unknown>, (at) => secretInWire(wire, at));
}

const params = { headers: ["Authorization", "Cookie"] };

describe("the policy pack's view of an uptime provider", () => {
  it("recognises the uptime provider's type only", () => {
    expect(isProviderType(PROVIDER)).toBe(true);
    expect(isProviderType("pulumi:providers:aws")).toBe(false);
    expect(isProviderType("uptime:index:Monitor")).toBe(false);
  });

  it("takes the defaults' headers as plaintext when nothing around their values is marked", () => {
    const view = viewOf({ defaults: shown });
    expect(view.defaultHeaders).toEqual([
      { key: "Accept", secret: false },
      { key: "Authorization", secret: false },
    ]);
    const [v, ...more] = noPlaintextCredentialHeaders.checkProvider!(view, params);
    expect(more).toEqual([]);
    expect(providerViolationMessage(noPlaintextCredentialHeaders.name, view, v)).toBe(
      `uptime-no-plaintext-credential-headers: provider "team" (${PROVIDER}), field "defaults.requestHeaders[1].value": the "Authorization" header's value is plaintext; pass it as a secret (e.g. secret config)`,
    );
  });

  it("takes them as secret when the header list or the whole setting is marked", () => {
    for (const wire of [
      { defaults: { requestHeaders: secret(shown.requestHeaders) } },
      { defaults: secret(shown) },
      { defaults: secret(JSON.stringify({ requestHeaders: [{ key: "Authorization", value: "x" }] })) },
    ]) {
      const view = viewOf(wire, "default");
      expect(view.defaultHeaders.length).toBeGreaterThan(0);
      expect(noPlaintextCredentialHeaders.checkProvider!(view, params)).toEqual([]);
    }
  });

  it("tells the default provider's user how to set the stack's value secret", () => {
    const [v] = noPlaintextCredentialHeaders.checkProvider!(viewOf({ defaults: shown }, "default"), params);
    expect(v.problem).toContain("pulumi config set --secret --path 'uptime:defaults.requestHeaders[N].value'");
  });

  it("reads the headers under their wire name too, marks and all", () => {
    const wire = { defaults: { request_headers: [{ key: "Cookie" }] } };
    expect(viewOf(wire).defaultHeaders).toEqual([{ key: "Cookie", secret: false }]);
    const marked = { defaults: { request_headers: secret([{ key: "Cookie" }]) } };
    expect(viewOf(marked).defaultHeaders).toEqual([{ key: "Cookie", secret: true }]);
  });

  it("sees no headers in defaults without them, or in defaults it cannot read", () => {
    expect(viewOf({ defaults: { interval: 300 } }).defaultHeaders).toEqual([]);
    expect(viewOf({ defaults: "not json" }).defaultHeaders).toEqual([]);
    expect(viewOf({}).defaultHeaders).toEqual([]);
  });
});
