// The report. `lines` comes from inventory.mjs, which imports `formatLine` from here.
import { lines } from "./inventory.mjs";
import { prices } from "./prices.mjs";
import config from "../config.json" with { type: "json" };

export function formatLine(item) {
  const value = (item.count * prices[item.name]).toFixed(2);
  return `${item.name.padEnd(8)} ${String(item.count).padStart(3)} × ${prices[item.name].toFixed(2)} = ${value} ${config.currency}`;
}

export function summary() {
  return lines().join("\n");
}
