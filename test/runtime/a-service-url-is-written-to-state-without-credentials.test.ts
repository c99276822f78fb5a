/** The service URL the dynamic door records in a state keeps no credentials, query or fragment. */
import { expect, test } from "vitest";
import { serviceUrlForState } from "../../src/runtime/service-url";

test("userinfo, query, fragment and trailing slashes are dropped; scheme and host are lower case", () => {
  expect(serviceUrlForState("https://ops:hunter2@Uptime.Example.com:8443/base/?key=abc#x")).toBe(
    "https://uptime.example.com:8443/base",
  );
  expect(serviceUrlForState("http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010");
});

test("what is not an http(s) URL is not recorded", () => {
  expect(serviceUrlForState("uptime.example.com")).toBeUndefined();
  expect(serviceUrlForState("file:///etc/passwd")).toBeUndefined();
});
