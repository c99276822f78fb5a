/** Every schema of the API, in the API's own field names. */
export * from "./values";
export * from "./common";
export * from "./monitor";
export * from "./incident";
export * from "./list";
export * from "./name-case";
export * from "./fields";
export * from "./resources";
export * from "./provider-config";
export * from "./monitor-defaults";
export * from "./patterns";
export * from "./served";
export * from "./service-monitors";
