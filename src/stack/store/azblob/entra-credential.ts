/**
 * The Microsoft Entra ID credential the CLI would use for an azblob:// backend when the
 * environment holds no storage key, SAS token or connection string: the chain of
 * azidentity's DefaultAzureCredential, in its order. (1) The environment: AZURE_TENANT_ID and
 * AZURE_CLIENT_ID with AZURE_CLIENT_SECRET. (2) Workload identity: AZURE_CLIENT_ID,
 * AZURE_TENANT_ID and AZURE_FEDERATED_TOKEN_FILE, the file's token sent as the client
 * assertion. (3) Managed identity: App Service's IDENTITY_ENDPOINT and IDENTITY_HEADER, else
 * IMDS (169.254.169.254), asked for AZURE_CLIENT_ID's identity when it is set. The token
 * endpoint is AZURE_AUTHORITY_HOST (https only, as the SDK insists), else Azure's public cloud.
 * Certificates, user names and passwords, other managed identity hosts (Service Fabric,
 * Cloud Shell, Azure ML, Azure Arc) and the az and azd CLIs' sign-ins are not read: choosing
 * one of them is an error saying so, before any request.
 */
import { existsSync, readFileSync } from "node:fs";
import { BackendStoreError } from "../backend-store";
import {
  clientCredentialsToken,
  EntraTokenError,
  imdsAnswers,
  managedIdentityToken,
  type ClientProof,
  type EntraToken,
  type ManagedIdentityEndpoint,
} from "./entra-token";

/** Where a token comes from (variable names only, for messages) and how to get a current one. */
export interface EntraCredential {
  from: string;
  token(): Promise<string>;
}

/** Test seams: where IMDS is (its address is fixed in the SDK) and how long its first answer may take. */
export interface EntraOptions {
  imdsEndpoint?: string;
}

const PUBLIC_CLOUD = "https://login.microsoftonline.com/";
const IMDS = "http://169.254.169.254/metadata/identity/oauth2/token";
/** Azure Arc's agent on Linux: its presence makes MSAL pick Arc over IMDS. */
const ARC_AGENT = "/opt/azcmagent/bin/himds";

/** The tenant ids azidentity accepts. */
const TENANT = /^[0-9a-zA-Z-.]+$/;

/** The links of DefaultAzureCredential's chain that are read here. */
type Link = "environment" | "workload" | "managed";
const READ_LINKS: Record<string, Link> = {
  environmentcredential: "environment",
  workloadidentitycredential: "workload",
  managedidentitycredential: "managed",
};
const UNREAD_LINKS = ["AzureCLICredential", "AzureDeveloperCLICredential", "AzurePowerShellCredential"];

/** The links AZURE_TOKEN_CREDENTIALS selects ("prod", "dev" or one credential's name), as the SDK reads it. */
function selectedLinks(where: string, env: NodeJS.ProcessEnv): Link[] {
  const value = env.AZURE_TOKEN_CREDENTIALS;
  if (value === undefined || value === "prod") return ["environment", "workload", "managed"];
  const link = READ_LINKS[value.toLowerCase()];
  if (link) return [link];
  if (value === "dev" || UNREAD_LINKS.some((name) => name.toLowerCase() === value.toLowerCase())) {
    throw new BackendStoreError(where, notRead(`AZURE_TOKEN_CREDENTIALS=${value} (developer tools' sign-ins)`));
  }
  throw new BackendStoreError(
    where,
    `AZURE_TOKEN_CREDENTIALS is "${value}": the CLI's Azure SDK takes "prod", "dev" or one credential's name ` +
      `(EnvironmentCredential, WorkloadIdentityCredential, ManagedIdentityCredential, ${UNREAD_LINKS.join(", ")})`,
  );
}

/** The credential `env` makes the CLI use; a BackendStoreError at `where` for one not read. */
export function entraCredential(where: string, env: NodeJS.ProcessEnv, options: EntraOptions = {}): EntraCredential {
  const links = selectedLinks(where, env);
  for (const link of links) {
    const credential =
      link === "environment"
        ? environmentCredential(where, env)
        : link === "workload"
          ? workloadIdentity(where, env)
          : managedIdentity(where, env, options, links.length > 1);
    if (credential) return credential;
  }
  throw new BackendStoreError(
    where,
    links[0] === "environment"
      ? "AZURE_TOKEN_CREDENTIALS=EnvironmentCredential needs AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET"
      : "AZURE_TOKEN_CREDENTIALS=WorkloadIdentityCredential needs AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_FEDERATED_TOKEN_FILE",
  );
}

/** EnvironmentCredential: a client secret, when the tenant and client are set. */
function environmentCredential(where: string, env: NodeJS.ProcessEnv): EntraCredential | undefined {
  const tenant = env.AZURE_TENANT_ID;
  const clientId = env.AZURE_CLIENT_ID;
  if (!tenant || !clientId) return undefined;
  if (env.AZURE_CLIENT_SECRET) {
    const proof = { secret: env.AZURE_CLIENT_SECRET };
    return grant(where, env, "AZURE_CLIENT_SECRET (with AZURE_TENANT_ID and AZURE_CLIENT_ID)", clientId, () => proof);
  }
  const fail = (reason: string) => new BackendStoreError(where, reason);
  if (env.AZURE_CLIENT_CERTIFICATE_PATH) throw fail(notRead("a client certificate (AZURE_CLIENT_CERTIFICATE_PATH)"));
  if (env.AZURE_USERNAME && env.AZURE_PASSWORD) throw fail(notRead("a user name and password (AZURE_USERNAME)"));
  return undefined;
}

/** WorkloadIdentityCredential: the three variables set (even empty, as the SDK looks them up). */
function workloadIdentity(where: string, env: NodeJS.ProcessEnv): EntraCredential | undefined {
  const clientId = env.AZURE_CLIENT_ID;
  const file = env.AZURE_FEDERATED_TOKEN_FILE;
  if (clientId === undefined || env.AZURE_TENANT_ID === undefined || file === undefined) return undefined;
  const assertion = (): ClientProof => {
    try {
      // Sent as it is: the SDK does not trim it.
      return { assertion: readFileSync(file, "utf8") };
    } catch (err) {
      throw new EntraTokenError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? "unreadable"}`);
    }
  };
  return grant(where, env, `AZURE_FEDERATED_TOKEN_FILE (${file})`, clientId, assertion);
}

function notRead(kind: string): string {
  return (
    `the CLI would sign in to Azure AD with ${kind}, which pulumi-uptime does not read: use AZURE_CLIENT_SECRET, ` +
    "AZURE_FEDERATED_TOKEN_FILE, the managed identity of IMDS or App Service, or AZURE_STORAGE_KEY, " +
    "AZURE_STORAGE_SAS_TOKEN or AZURE_STORAGE_CONNECTION_STRING"
  );
}

/** A client credentials grant, checked before any request: the tenant and the authority. */
function grant(
  where: string,
  env: NodeJS.ProcessEnv,
  from: string,
  clientId: string,
  proof: () => ClientProof,
): EntraCredential {
  const tenant = env.AZURE_TENANT_ID ?? "";
  if (!TENANT.test(tenant)) {
    throw new BackendStoreError(where, "AZURE_TENANT_ID is not a tenant id (letters, digits, '-' and '.')");
  }
  if (!clientId) throw new BackendStoreError(where, "AZURE_CLIENT_ID is empty");
  const authority = env.AZURE_AUTHORITY_HOST || PUBLIC_CLOUD;
  if (!URL.canParse(authority) || new URL(authority).protocol !== "https:") {
    throw new BackendStoreError(
      where,
      "AZURE_AUTHORITY_HOST must be an https:// URL (the CLI's Azure SDK refuses others)",
    );
  }
  return cached(where, from, () => clientCredentialsToken(authority, tenant, clientId, proof(), env));
}

/** The managed identity the SDK would ask, from the variables its hosts set. */
function managedIdentity(
  where: string,
  env: NodeJS.ProcessEnv,
  options: EntraOptions,
  inChain: boolean,
): EntraCredential {
  const fail = (host: string) => new BackendStoreError(where, notRead(`the managed identity of ${host}`));
  const clientId = env.AZURE_CLIENT_ID || undefined;
  if (env.IDENTITY_ENDPOINT && env.IDENTITY_HEADER) {
    if (env.IDENTITY_SERVER_THUMBPRINT) throw fail("Service Fabric (IDENTITY_SERVER_THUMBPRINT)");
    if (!URL.canParse(env.IDENTITY_ENDPOINT)) throw new BackendStoreError(where, "IDENTITY_ENDPOINT is not a URL");
    const endpoint: ManagedIdentityEndpoint = {
      url: env.IDENTITY_ENDPOINT,
      kind: "app-service",
      secretHeader: env.IDENTITY_HEADER,
      clientId,
    };
    return cached(where, "App Service's managed identity (IDENTITY_ENDPOINT)", () =>
      managedIdentityToken(endpoint, env),
    );
  }
  if (env.MSI_ENDPOINT) throw fail(env.MSI_SECRET ? "Azure ML (MSI_ENDPOINT)" : "Cloud Shell (MSI_ENDPOINT)");
  if ((env.IDENTITY_ENDPOINT && env.IMDS_ENDPOINT) || existsSync(ARC_AGENT)) throw fail("Azure Arc");
  const url = options.imdsEndpoint ?? IMDS;
  // In a chain, the SDK first checks that something answers at IMDS (a second at most): off Azure, nothing does.
  let probe = inChain;
  return cached(where, `the managed identity at IMDS (${new URL(url).host})`, async () => {
    if (probe) {
      await imdsAnswers(url, env).catch((err: unknown) => {
        if (!(err instanceof EntraTokenError)) throw err;
        throw new EntraTokenError(`${err.message}; ${NOTHING_ELSE}`);
      });
      probe = false;
    }
    return managedIdentityToken({ url, kind: "imds", clientId }, env);
  });
}

const NOTHING_ELSE =
  "no other Azure credentials were found (the sign-ins of the az and azd CLIs and Azure PowerShell are not read): set AZURE_STORAGE_KEY, " +
  "AZURE_STORAGE_SAS_TOKEN or AZURE_STORAGE_CONNECTION_STRING, or AZURE_TENANT_ID, AZURE_CLIENT_ID and " +
  "AZURE_CLIENT_SECRET or AZURE_FEDERATED_TOKEN_FILE";

/** Asks once, then again only when the token nears its end; refusals become BackendStoreErrors. */
function cached(where: string, from: string, ask: () => Promise<EntraToken>): EntraCredential {
  let current: Promise<EntraToken> | undefined;
  return {
    from,
    async token() {
      const held = current && (await current.catch(() => undefined));
      if (held && held.expiresAt > Date.now()) return held.token;
      current = ask();
      try {
        return (await current).token;
      } catch (err) {
        if (!(err instanceof EntraTokenError)) throw err;
        throw new BackendStoreError(where, `cannot get an Azure AD token from ${from}: ${err.message}`);
      }
    },
  };
}
