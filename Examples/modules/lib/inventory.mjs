// The inventory. It imports the report module (which imports it back: a cycle).
import { formatLine } from "./report.mjs";

export const items = [];

export function addItem(name, count) {
  items.push({ name, count });
}

export function lines() {
  return items.map(formatLine);
}
