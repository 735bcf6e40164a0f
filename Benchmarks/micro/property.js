// Micro: monomorphic property loads and stores on one object shape in a tight loop.
// Every iteration moves a point by (1, 2), so after n steps it sits at (n, 2n).
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 20000000; // quick: 2000000 (iterations)

class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
}

function walk(point, steps) {
  for (let i = 0; i < steps; i++) {
    point.x = point.x + 1;
    point.y = point.y + 2;
  }
  return point;
}

const point = walk(new Point(0, 0), SIZE);
if (point.x !== SIZE || point.y !== 2 * SIZE) {
  throw new Error(`property: point is (${point.x}, ${point.y}), expected (${SIZE}, ${2 * SIZE})`);
}
log(`OK property ${point.x + point.y}`);
