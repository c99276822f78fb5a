/**
 * The password proofs PostgreSQL asks for: MD5 (the hashed password salted per connection)
 * and SCRAM-SHA-256 (RFC 5802/7677, the default since PostgreSQL 14), in which the password
 * never crosses the wire and the server proves it knows it too.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

function md5hex(data: Buffer | string): string {
  return createHash("md5").update(data).digest("hex");
}

/** `md5` + md5(md5(password + user) + salt), as the MD5 request asks. */
export function md5Password(user: string, password: string, salt: Buffer): string {
  const inner = md5hex(password + user);
  return `md5${md5hex(Buffer.concat([Buffer.from(inner, "ascii"), salt]))}`;
}

const hmac = (key: Buffer, text: string): Buffer => createHmac("sha256", key).update(text).digest();

/** Why a SCRAM exchange could not go on (a server that does not follow the mechanism). */
export class ScramError extends Error {}

/**
 * One SCRAM-SHA-256 exchange, without channel binding: `first()` is the client's first
 * message, `final(serverFirst)` the proof, `verify(serverFinal)` checks the server's signature.
 * PostgreSQL ignores the user name in it (it takes the startup message's), so it is left empty.
 */
export class ScramSha256 {
  private readonly clientNonce: string;
  private readonly firstBare: string;
  private serverSignature: Buffer | undefined;

  constructor(
    private readonly password: string,
    nonce: string = randomBytes(18).toString("base64"),
    user = "",
  ) {
    this.clientNonce = nonce;
    this.firstBare = `n=${user},r=${nonce}`;
  }

  first(): string {
    return `n,,${this.firstBare}`;
  }

  final(serverFirst: string): string {
    const attrs = scramAttributes(serverFirst);
    const nonce = attrs.get("r");
    const salt = attrs.get("s");
    const iterations = Number(attrs.get("i"));
    if (!nonce?.startsWith(this.clientNonce) || nonce.length === this.clientNonce.length) {
      throw new ScramError("the server's SCRAM nonce does not extend the client's");
    }
    if (!salt || !Number.isInteger(iterations) || iterations < 1) {
      throw new ScramError("the server's first SCRAM message lacks its salt or iteration count");
    }
    // SASLprep's normalization (its mapping and prohibited-character steps are left out): ASCII is unchanged.
    const salted = pbkdf2Sync(this.password.normalize("NFKC"), Buffer.from(salt, "base64"), iterations, 32, "sha256");
    const clientKey = hmac(salted, "Client Key");
    const storedKey = createHash("sha256").update(clientKey).digest();
    const withoutProof = `c=biws,r=${nonce}`;
    const authMessage = `${this.firstBare},${serverFirst},${withoutProof}`;
    const signature = hmac(storedKey, authMessage);
    const proof = Buffer.from(clientKey.map((b, i) => b ^ signature[i]));
    this.serverSignature = hmac(hmac(salted, "Server Key"), authMessage);
    return `${withoutProof},p=${proof.toString("base64")}`;
  }

  /** @throws ScramError when the server's signature is not the one the password gives. */
  verify(serverFinal: string): void {
    const attrs = scramAttributes(serverFinal);
    if (attrs.has("e")) throw new ScramError(`the server refused the SCRAM proof (${attrs.get("e")})`);
    const v = Buffer.from(attrs.get("v") ?? "", "base64");
    const expected = this.serverSignature;
    if (!expected || v.length !== expected.length || !timingSafeEqual(v, expected)) {
      throw new ScramError("the server's SCRAM signature does not match: it does not know this password");
    }
  }
}

/** `k=v,k=v` of a SCRAM message (a value may itself hold `=`). */
function scramAttributes(message: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of message.split(",")) {
    const eq = part.indexOf("=");
    if (eq > 0) out.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return out;
}
