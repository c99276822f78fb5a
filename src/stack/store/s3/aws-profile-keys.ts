/**
 * The keys a profile of the AWS shared files gives, resolved as the AWS SDK (v2) resolves
 * them: a profile with source_profile takes its source's keys (a source with static keys
 * stops there; a profile named again on the way keeps only its own keys), else its static
 * keys, credential_source, web_identity_token_file (which assumes role_arn itself), SSO,
 * credential_process, then the container endpoint or the instance metadata service; when
 * the profile has role_arn, that role is then assumed with those keys.
 */
import { BackendStoreError } from "../backend-store";
import { containerCredentials, containerEndpoint, relativeEndpoint } from "./aws-container-credentials";
import { credentialProcess } from "./aws-credential-process";
import { instanceCredentials } from "./aws-instance-metadata";
import { cachedKeys, staticKeys, type KeySource } from "./aws-keys";
import { readProfile, type awsFiles, type AwsProfile } from "./aws-shared-config";
import { assumedRole, webIdentityRole, type StsSettings } from "./aws-sts";

/** What every profile of one resolution shares. */
export interface ProfileChain {
  where: string;
  files: ReturnType<typeof awsFiles>;
  env: NodeJS.ProcessEnv;
  sts: StsSettings;
  /** The profile resolution started from, whose instance metadata settings apply. */
  top: AwsProfile;
  /** Profiles met so far. */
  seen: Set<string>;
}

/** @throws BackendStoreError for settings the SDK refuses too, or SSO, which is not read. */
export function profileKeys(chain: ProfileChain, name: string, p: AwsProfile, top: boolean): KeySource {
  const from = `AWS profile "${name}"`;
  const fail = (reason: string): never => {
    throw new BackendStoreError(chain.where, reason);
  };
  const again = chain.seen.has(name);
  const roleArn = again ? undefined : p.role_arn;
  const sourceProfile = again ? undefined : p.source_profile;
  if (!again) {
    const needsRole = ["source_profile", "credential_source", "web_identity_token_file"].find((k) => p[k]);
    if (needsRole && !p.role_arn) fail(`${from} has ${needsRole} but no role_arn, the role it is for`);
  }
  const hasStatic = !!(p.aws_access_key_id && p.aws_secret_access_key);
  const own = () =>
    staticKeys({
      accessKeyId: p.aws_access_key_id,
      secretAccessKey: p.aws_secret_access_key,
      sessionToken: p.aws_session_token || undefined,
    });
  if (!top && hasStatic) return own();
  chain.seen.add(name);
  const kinds = [sourceProfile, p.credential_source, p.credential_process, p.web_identity_token_file];
  if (kinds.filter(Boolean).length > 1) {
    fail(
      `${from} names more than one of source_profile, credential_source, credential_process and ` +
        "web_identity_token_file; the AWS SDK refuses that",
    );
  }

  let base: KeySource;
  if (sourceProfile) {
    const source = readProfile(chain.files, sourceProfile);
    if (!source) {
      return fail(
        `source_profile "${sourceProfile}" of ${from} is in neither ${chain.files.config} nor ${chain.files.credentials}`,
      );
    }
    if (!hasCredentials(source, chain.seen.has(sourceProfile))) {
      fail(`source_profile "${sourceProfile}" of ${from} has no credentials`);
    }
    base = profileKeys(chain, sourceProfile, source, false);
  } else if (hasStatic) {
    base = own();
  } else if (p.credential_source) {
    base = credentialSource(chain, from, p.credential_source);
  } else if (p.web_identity_token_file) {
    return webIdentityRole(chain.sts, p.web_identity_token_file, p.role_arn, p.role_session_name);
  } else if (hasSso(p)) {
    return fail(unread(`AWS IAM Identity Center (SSO, in ${from})`));
  } else if (p.credential_process) {
    base = credentialProcess(chain.where, name, p.credential_process, chain.env);
  } else {
    const container = containerEndpoint(chain.where, chain.env);
    base = container
      ? containerCredentials(chain.where, container, chain.env)
      : instanceCredentials(chain.where, chain.env, chain.top);
  }
  if (!roleArn) return base;
  if (p.mfa_serial) {
    fail(`${from} asks for an MFA code (mfa_serial), which neither the CLI nor the audit can ask for`);
  }
  // The SDK's quirk: a duration not a number counts as 0, and only one over 15 minutes is sent.
  const duration = p.role_duration_seconds === undefined ? undefined : Number(p.role_duration_seconds) || 0;
  return assumedRole(chain.sts, cachedKeys(base), roleArn, {
    sessionName: p.role_session_name,
    durationSeconds: duration,
    externalId: p.external_id,
  });
}

function credentialSource(chain: ProfileChain, from: string, source: string): KeySource {
  const env = chain.env;
  switch (source) {
    case "Environment": {
      const id = env.AWS_ACCESS_KEY_ID || env.AWS_ACCESS_KEY;
      const secret = env.AWS_SECRET_ACCESS_KEY || env.AWS_SECRET_KEY;
      if (!id || !secret) {
        throw new BackendStoreError(
          chain.where,
          `${from} has credential_source = Environment, but AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not both set`,
        );
      }
      return staticKeys({ accessKeyId: id, secretAccessKey: secret, sessionToken: env.AWS_SESSION_TOKEN || undefined });
    }
    case "Ec2InstanceMetadata":
      return instanceCredentials(chain.where, env, chain.top);
    case "EcsContainer":
      if (!env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI) {
        throw new BackendStoreError(
          chain.where,
          `${from} has credential_source = EcsContainer, but AWS_CONTAINER_CREDENTIALS_RELATIVE_URI is not set`,
        );
      }
      return containerCredentials(chain.where, relativeEndpoint(env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI), env);
    default:
      throw new BackendStoreError(
        chain.where,
        `${from} has credential_source = ${source}: the values are EcsContainer, Ec2InstanceMetadata and Environment`,
      );
  }
}

function hasSso(p: AwsProfile): boolean {
  return !!(p.sso_session || p.sso_start_url || p.sso_account_id || p.sso_role_name || p.sso_region);
}

/** Whether a source profile can give keys, as the SDK checks before using it. */
function hasCredentials(p: AwsProfile, seen: boolean): boolean {
  return !!(
    (p.aws_access_key_id && p.aws_secret_access_key) ||
    (p.source_profile && !seen) ||
    p.credential_source ||
    p.credential_process ||
    p.web_identity_token_file ||
    hasSso(p)
  );
}

/** The reason for a source the SDK would use and this store does not read. */
function unread(source: string): string {
  return (
    `the AWS credentials come from ${source}, which the audit's reading of the bucket does not follow; ` +
    "give static keys in AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), " +
    "or aws_access_key_id/aws_secret_access_key in the profile"
  );
}
