/**
 * Microsoft Entra ID's token endpoint and the managed identity endpoints on loopback, for the
 * azblob store's Azure AD tests. Over https (the SDK insists on it; the certificate is the
 * test CA's), `POST /<TENANT>/oauth2/v2.0/token` grants a client credentials grant only with
 * the form MSAL sends: grant_type, client_id CLIENT_ID, the storage scope with MSAL's own,
 * the CP1 claims, and CLIENT_SECRET or the client assertion FEDERATED_TOKEN (with its
 * assertion type and client_info). Over http, App Service's endpoint (`GET /msi/token`,
 * api-version 2019-08-01, X-IDENTITY-HEADER IDENTITY_HEADER) and IMDS's (`GET
 * /metadata/identity/oauth2/token`, api-version 2018-02-01, `Metadata: true`) give a token
 * for resource https://storage.azure.com. Each token is a new JWT as Entra issues them
 * (issuer sts.windows.net/<tenant>, audience storage, iat/nbf/exp), which is what Azurite's
 * `--oauth basic` checks; every one issued is recorded. Refusals answer as Entra does.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

export const TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
export const CLIENT_ID = "0c6f6bd8-1b4c-4b8f-9d9e-3f0a6b7c8d9e";
export const CLIENT_SECRET = "Qx8~client.secret-value";
export const FEDERATED_TOKEN = "eyJ.kubernetes-service-account-token.sig";
export const IDENTITY_HEADER = "app-service-identity-header-9f2";
export const STORAGE_SCOPE = "https://storage.azure.com/.default openid offline_access profile";
export const CP1 = JSON.stringify({ access_token: { xms_cc: { values: ["CP1"] } } });

/** One request the endpoint got. */
export interface EntraCall {
  path: string;
  granted: boolean;
  /** The grant's form, or the managed identity request's query. */
  fields: Record<string, string>;
  /** The token given, when granted. */
  issued?: string;
}

export interface EntraEndpoint {
  /** AZURE_AUTHORITY_HOST (https). */
  authorityHost: string;
  /** IDENTITY_ENDPOINT (http). */
  appServiceEndpoint: string;
  /** IMDS's token URL (http). */
  imdsEndpoint: string;
  calls: EntraCall[];
  /** The audience of the tokens issued from now on (storage's unless set). */
  audience?: string;
  close(): Promise<void>;
}

/** Starts both servers; `tls` is the loopback certificate the https one serves. */
export async function startEntraEndpoint(tls: { cert: string; key: string }): Promise<EntraEndpoint> {
  const calls: EntraCall[] = [];
  const signingKey = randomBytes(32);
  const endpoint: Partial<EntraEndpoint> = { calls };
  const issue = (appId: string) => jwt({ appid: appId, tid: TENANT }, signingKey, endpoint.audience);
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const authority = createHttpsServer(tls, (req, res) => {
    void readBody(req).then((body) => {
      const path = req.url ?? "";
      const fields = Object.fromEntries(new URLSearchParams(body));
      const granted = req.method === "POST" && path === `/${TENANT}/oauth2/v2.0/token` && grants(fields);
      const issued = granted ? issue(CLIENT_ID) : undefined;
      calls.push({ path, granted, fields, issued });
      if (!granted) {
        return json(res, 401, {
          error: "invalid_client",
          error_description:
            "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.\r\nTrace ID: 1",
          error_codes: [7000215],
        });
      }
      json(res, 200, { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: issued });
    });
  });

  const identity = createHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const fields = Object.fromEntries(url.searchParams);
    const appService = url.pathname === "/msi/token";
    const granted =
      req.method === "GET" &&
      fields.resource === "https://storage.azure.com" &&
      (appService
        ? fields["api-version"] === "2019-08-01" && req.headers["x-identity-header"] === IDENTITY_HEADER
        : url.pathname === "/metadata/identity/oauth2/token" &&
          fields["api-version"] === "2018-02-01" &&
          req.headers.metadata === "true");
    const issued = granted ? issue(fields.client_id ?? "system-assigned") : undefined;
    calls.push({ path: url.pathname, granted, fields, issued });
    if (!granted)
      return json(res, 400, { error: "invalid_request", error_description: "Required metadata header not specified" });
    const expiresOn = Math.floor(Date.now() / 1000) + 3600;
    // App Service answers expires_on as seconds in a string; IMDS adds expires_in, also a string.
    json(res, 200, {
      access_token: issued,
      expires_on: String(expiresOn),
      ...(appService ? {} : { expires_in: "3599" }),
      resource: "https://storage.azure.com",
      token_type: "Bearer",
    });
  });

  const listen = (server: typeof authority | typeof identity) =>
    new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
    );
  const [httpsPort, httpPort] = await Promise.all([listen(authority), listen(identity)]);
  const close = (server: typeof authority | typeof identity) =>
    new Promise<void>((resolve) => server.close(() => resolve()));
  return Object.assign(endpoint, {
    authorityHost: `https://127.0.0.1:${httpsPort}/`,
    appServiceEndpoint: `http://127.0.0.1:${httpPort}/msi/token`,
    imdsEndpoint: `http://127.0.0.1:${httpPort}/metadata/identity/oauth2/token`,
    calls,
    close: async () => {
      authority.closeAllConnections();
      await Promise.all([close(authority), close(identity)]);
    },
  }) as EntraEndpoint;
}

/** Whether Entra would grant this client credentials form (MSAL's fields, one of the two proofs). */
function grants(form: Record<string, string>): boolean {
  const common =
    form.grant_type === "client_credentials" &&
    form.client_id === CLIENT_ID &&
    form.scope === STORAGE_SCOPE &&
    form.claims === CP1;
  const bySecret = form.client_secret === CLIENT_SECRET && form.client_assertion === undefined;
  const byAssertion =
    form.client_assertion_type === "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" &&
    form.client_assertion === FEDERATED_TOKEN &&
    form.client_info === "1" &&
    form.client_secret === undefined;
  return common && (bySecret || byAssertion);
}

/** A JWT as Entra issues one for storage (HS256 here: Azurite does not check signatures). */
export function jwt(claims: Record<string, unknown>, key: Buffer, audience = "https://storage.azure.com"): string {
  const now = Math.floor(Date.now() / 1000);
  const body = {
    aud: audience,
    iss: `https://sts.windows.net/${TENANT}/`,
    iat: now - 5,
    nbf: now - 5,
    exp: now + 3600,
    uti: randomUUID(),
    ver: "1.0",
    ...claims,
  };
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part(body)}`;
  return `${unsigned}.${createHmac("sha256", key).update(unsigned).digest("base64url")}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => resolve(body));
  });
}
