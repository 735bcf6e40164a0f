// A tiny app of several modules: run it with `xjs run Examples/modules/main.mjs`.
// - config.json is a JSON module (`with { type: "json" }`);
// - lib/inventory.mjs and lib/report.mjs import each other (a cycle);
// - lib/prices.mjs uses top-level await, so this module runs once the prices arrived;
// - the report is loaded lazily with import().
import config from "./config.json" with { type: "json" };
import { addItem, items } from "./lib/inventory.mjs";
import { prices } from "./lib/prices.mjs";

console.log(`${config.shop} (${import.meta.url.split("/").pop()})`);
for (const [name, count] of Object.entries(config.stock)) addItem(name, count);
console.log(`stocked ${items.length} items; prices loaded: ${Object.keys(prices).length}`);

const { summary } = await import("./lib/report.mjs");
console.log(summary());
