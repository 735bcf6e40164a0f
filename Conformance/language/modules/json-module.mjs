// JSON modules: the parsed value is the default export, one instance per module map entry.
import data from "./json-module_FIXTURE.json" with { type: "json" };
import again from "./json-module_FIXTURE.json" with { type: "json" };
print(data === again, data.name, data.list.join("+"), JSON.stringify(data.nested));
print(import.meta.url.startsWith("file:///"), import.meta.url.endsWith("/json-module.mjs"));
print(import.meta.resolve("./x.js").endsWith("/modules/x.js"), Object.getPrototypeOf(import.meta));
