/** No usable credentials, or a file that cannot be used: the message names the source and what to do. */
export class CredentialsError extends Error {}
