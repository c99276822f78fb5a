/**
 * The head every YAML program of the e2e files starts with: the project's name, the YAML
 * runtime and the provider plugin of this checkout (dist/plugin, seen from the stack's
 * directory under test/e2e/.work).
 */

/** A YAML program named `name` using the plugin of dist/plugin; `rest` is its config and resources. */
export const yamlProject = (name: string, rest: string): string =>
  `name: ${name}
runtime: yaml
plugins:
  providers:
    - name: uptime
      path: ../../../../dist/plugin
${rest}`;
