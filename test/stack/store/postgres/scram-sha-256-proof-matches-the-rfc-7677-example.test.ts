/**
 * The SCRAM-SHA-256 exchange (the proof PostgreSQL asks for by default) computes the client
 * proof and checks the server signature of RFC 7677's published example, and refuses a server
 * signature that is not the one the password gives.
 */
import { expect, test } from "vitest";
import { ScramError, ScramSha256 } from "../../../../src/stack/store/postgres/postgres-auth";

// RFC 7677 section 3: user "user", password "pencil".
const CLIENT_NONCE = "rOprNGfwEbeRWgbNEkqO";
const SERVER_FIRST = "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
const CLIENT_FINAL =
  "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
const SERVER_FINAL = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";

test("the client's messages and the server's signature are those of the RFC's example", () => {
  const scram = new ScramSha256("pencil", CLIENT_NONCE, "user");
  expect(scram.first()).toBe(`n,,n=user,r=${CLIENT_NONCE}`);
  expect(scram.final(SERVER_FIRST)).toBe(CLIENT_FINAL);
  expect(() => scram.verify(SERVER_FINAL)).not.toThrow();
});

test("a server signature from another password is refused", () => {
  const scram = new ScramSha256("pencil", CLIENT_NONCE, "user");
  scram.final(SERVER_FIRST);
  expect(() => scram.verify("v=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")).toThrow(ScramError);
});

test("a server nonce that does not extend the client's is refused", () => {
  const scram = new ScramSha256("pencil", CLIENT_NONCE, "user");
  expect(() => scram.final("r=someoneelse,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096")).toThrow(ScramError);
});
