export * from "./live-bindings-counter_FIXTURE.mjs";
export * as counterNamespace from "./live-bindings-counter_FIXTURE.mjs";
const value = "from a string export";
export { value as "string name" };
