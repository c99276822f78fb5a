/**
 * Pieces of a gitops monitors file (YAML). Spliced into a file's text they keep its lines
 * where they were, so tests that check line numbers read the same file as before.
 */

/** The entry `home`: the least a valid monitor declares (name, url, interval), indented as under `monitors:`. */
export const HOME_ENTRY = `  home:
    name: Home page
    url: https://example.com
    interval: 300
`;
