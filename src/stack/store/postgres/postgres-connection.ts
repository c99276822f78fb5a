/**
 * One session with a PostgreSQL server: TCP or a Unix socket, TLS as `sslmode` asks, the
 * startup and whichever password proof the server asks for (trust, cleartext, MD5,
 * SCRAM-SHA-256), then statements with bound parameters. Enough to read a table; no pooling,
 * no cancelling, no binary formats. Every failure is a BackendStoreError saying what failed
 * and how to act, without the password.
 */
import net from "node:net";
import { BackendStoreError } from "../backend-store";
import { md5Password, ScramError, ScramSha256 } from "./postgres-auth";
import { serverErrorReason, socketErrorReason } from "./postgres-errors";
import { negotiateTls } from "./postgres-tls";
import type { PostgresSettings, SslMode } from "./postgres-settings";
import {
  cstrings,
  extendedQuery,
  MessageReader,
  parseDataRow,
  parseError,
  passwordMessage,
  saslInitialResponse,
  saslResponse,
  startupMessage,
  terminate,
  type BackendMessage,
} from "./postgres-wire";

/** The authentication request codes of an `R` message this client answers or refuses. */
const AUTH = { ok: 0, cleartext: 3, md5: 5, sasl: 10, saslContinue: 11, saslFinal: 12 } as const;

export class PostgresConnection {
  private readonly reader = new MessageReader();
  private readonly queue: BackendMessage[] = [];
  private waiter: { resolve: (m: BackendMessage) => void; reject: (e: Error) => void } | undefined;
  private failure: Error | undefined;

  private constructor(
    private readonly socket: net.Socket,
    private readonly settings: PostgresSettings,
  ) {
    socket.on("data", (chunk: Buffer) => {
      this.queue.push(...this.reader.push(chunk));
      this.wake();
    });
    socket.on("error", (err) => this.fail(this.error(socketErrorReason(err, settings))));
    socket.on("close", () => this.fail(this.error("the server closed the connection")));
  }

  /**
   * A session ready for statements, within `settings.connectTimeoutMs`.
   * @throws BackendStoreError when it cannot be had (unreachable, TLS, refused credentials).
   */
  static async open(settings: PostgresSettings): Promise<PostgresConnection> {
    if (settings.sslmode !== "allow") return PostgresConnection.openWith(settings, settings.sslmode);
    // `allow`: without TLS first, with it when the server refuses a plain connection.
    try {
      return await PostgresConnection.openWith(settings, "disable");
    } catch (err) {
      if (!(err instanceof BackendStoreError) || !err.reason.includes("SQLSTATE 28000")) throw err;
      return PostgresConnection.openWith(settings, "require");
    }
  }

  private static async openWith(settings: PostgresSettings, mode: SslMode): Promise<PostgresConnection> {
    // Created at once, so that a timeout can end a connection still being made.
    const raw = settings.address.startsWith("/")
      ? net.connect({ path: `${settings.address}/.s.PGSQL.${settings.port}` })
      : net.connect({ host: settings.address, port: settings.port });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const seconds = settings.connectTimeoutMs / 1000;
        const reason = `no session within ${seconds} s (connect_timeout): is the server up and reachable?`;
        reject(new BackendStoreError(settings.where, reason));
      }, settings.connectTimeoutMs);
    });
    const session = (async () => {
      await connected(raw, settings);
      const conn = new PostgresConnection(await negotiateTls(raw, settings, mode), settings);
      await conn.startup();
      return conn;
    })();
    try {
      return await Promise.race([session, timeout]);
    } catch (err) {
      raw.destroy(); // and the TLS socket over it
      throw err;
    } finally {
      clearTimeout(timer);
      session.catch(() => undefined);
    }
  }

  /**
   * The rows of one statement, each column as text (null for NULL).
   * @throws BackendStoreError carrying the server's error and code.
   */
  async query(sql: string, params: readonly string[]): Promise<(string | null)[][]> {
    this.socket.write(extendedQuery(sql, params));
    const rows: (string | null)[][] = [];
    let failed: BackendStoreError | undefined;
    for (;;) {
      const m = await this.next();
      if (m.type === "D") rows.push(parseDataRow(m.body));
      else if (m.type === "E") failed = this.error(serverErrorReason(parseError(m.body), this.settings));
      else if (m.type === "Z") break;
    }
    if (failed) throw failed;
    return rows;
  }

  /** Ends the session and the socket. */
  close(): void {
    if (this.failure || !this.socket.writable) this.socket.destroy();
    else this.socket.end(terminate(), () => this.socket.destroy());
  }

  private async startup(): Promise<void> {
    const s = this.settings;
    const params: Record<string, string> = { user: s.user, ...s.startup };
    if (s.database) params.database = s.database;
    this.socket.write(startupMessage(params));
    let scram: ScramSha256 | undefined;
    for (;;) {
      const m = await this.next();
      if (m.type === "E") throw this.error(serverErrorReason(parseError(m.body), s));
      if (m.type === "Z") return;
      if (m.type !== "R") continue; // ParameterStatus, BackendKeyData, notices
      const code = m.body.readInt32BE(0);
      if (code === AUTH.ok) continue;
      if (code === AUTH.cleartext) this.socket.write(passwordMessage(this.password()));
      else if (code === AUTH.md5)
        this.socket.write(passwordMessage(md5Password(s.user, this.password(), m.body.subarray(4, 8))));
      else if (code === AUTH.sasl) {
        const mechanisms = cstrings(m.body, 4);
        if (!mechanisms.includes("SCRAM-SHA-256")) {
          throw this.error(
            `the server offers SASL mechanisms ${mechanisms.join(", ")}; only SCRAM-SHA-256 is supported`,
          );
        }
        scram = new ScramSha256(this.password());
        this.socket.write(saslInitialResponse("SCRAM-SHA-256", scram.first()));
      } else if (code === AUTH.saslContinue && scram) {
        this.socket.write(saslResponse(this.scramStep(() => scram?.final(m.body.toString("utf8", 4)) ?? "")));
      } else if (code === AUTH.saslFinal && scram) {
        this.scramStep(() => scram?.verify(m.body.toString("utf8", 4)));
      } else {
        throw this.error(
          `the server asks for an authentication method this reader does not speak (code ${code}: Kerberos, GSSAPI or SSPI); use a password method`,
        );
      }
    }
  }

  private scramStep<T>(step: () => T): T {
    try {
      return step();
    } catch (err) {
      if (err instanceof ScramError) throw this.error(`SCRAM-SHA-256: ${err.message}`);
      throw err;
    }
  }

  private password(): string {
    if (this.settings.password !== undefined) return this.settings.password;
    throw this.error(
      `the server asks user "${this.settings.user}" for a password and none is given: put it in the URL, PGPASSWORD or the password file (PGPASSFILE)`,
    );
  }

  private next(): Promise<BackendMessage> {
    const m = this.queue.shift();
    if (m) return Promise.resolve(m);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  private wake(): void {
    const w = this.waiter;
    if (!w || !this.queue.length) return;
    this.waiter = undefined;
    w.resolve(this.queue.shift() as BackendMessage);
  }

  private fail(err: BackendStoreError): void {
    this.failure ??= err;
    const w = this.waiter;
    this.waiter = undefined;
    w?.reject(this.failure);
  }

  private error(reason: string): BackendStoreError {
    return new BackendStoreError(this.settings.where, reason);
  }
}

/** Resolves when `socket` (TCP, or the server's Unix socket in the directory `host`) is connected. */
function connected(socket: net.Socket, s: PostgresSettings): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => {
      socket.removeAllListeners("error");
      resolve();
    });
    socket.once("error", (err) => reject(new BackendStoreError(s.where, socketErrorReason(err, s))));
  });
}
