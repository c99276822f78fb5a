/** The engine's address, which the engine passes as the plugin's first argument (`127.0.0.1:12345`). */
export function engineAddressFrom(argv: readonly string[] = process.argv): string | undefined {
  const arg = argv[2];
  return arg && /^[\w.[\]:-]+:\d+$/.test(arg) ? arg : undefined;
}
