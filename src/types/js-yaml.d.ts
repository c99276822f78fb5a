/** The part of js-yaml 4 that the monitors file's quick read uses (the package ships no types). */
declare module "js-yaml" {
  export interface Type {
    readonly tag: string;
  }
  export interface Schema {
    extend(types: { implicit?: Type[]; explicit?: Type[] }): Schema;
  }
  export const CORE_SCHEMA: Schema;
  export const types: { merge: Type };
  export function load(text: string, options?: { schema?: Schema; filename?: string; json?: boolean }): unknown;
}
