/** Property names, snake_case in the API and camelCase in programs (kept in src/schemas/names.ts). */
export { propertyPath, toCamel, toSnake } from "../schemas/names";
