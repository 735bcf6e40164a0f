export let count = 0;
export function increment() {
  count += 1;
}
export const label = "counter";
export default function (n) {
  return label + ":" + n;
}
