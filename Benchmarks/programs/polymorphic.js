// Polymorphic property access: one call site seeing many object shapes, the case inline
// caches must handle well. Points built by different classes, by literals with the same
// keys in different orders and with extra keys, read through one function (1, 4 and 12
// shapes); virtual method calls over a class hierarchy; property writes to mixed shapes;
// getters on prototypes. The expected checksum was computed in node and confirmed in jsc,
// SpiderMonkey and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 70; // quick: 7 (rounds)

const EXPECTED = { 7: "1482095227", 70: "1159274560" };
const COUNT = 4000;

class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
}

class Point3 {
  constructor(x, y, z) {
    this.x = x;
    this.y = y;
    this.z = z;
  }
}

class LabeledPoint extends Point {
  constructor(x, y, label) {
    super(x, y);
    this.label = label;
  }
}

// A point whose coordinates come from getters on its prototype (grid cells are 2 units).
class GridPoint {
  constructor(column, row) {
    this.column = column;
    this.row = row;
  }

  get x() {
    return this.column * 2;
  }

  get y() {
    return this.row * 2;
  }
}

// Twelve ways a "point" reaches the same call site.
const MAKERS = [
  (x, y) => new Point(x, y),
  (x, y) => ({ x, y }),
  (x, y) => ({ y, x }),
  (x, y) => new Point3(x, y, 1),
  (x, y) => new LabeledPoint(x, y, "p"),
  (x, y) => ({ x, y, color: "red" }),
  (x, y) => ({ id: 0, x, y }),
  (x, y) => ({ x, weight: 2, y }),
  (x, y) => Object.assign(Object.create(null), { x, y }),
  (x, y) => new GridPoint(x / 2, y / 2),
  (x, y) => {
    const p = {};
    p.y = y;
    p.x = x;
    return p;
  },
  (x, y) => ({ ...{ x }, y, extra: [x] }),
];

function manhattan(p) {
  return Math.abs(p.x) + Math.abs(p.y);
}

function makePoints(shapeCount, seed) {
  const points = [];
  for (let i = 0; i < COUNT; i++) {
    const x = ((i * 7 + seed) % 201) - 100;
    const y = ((i * 13 + seed * 3) % 199) - 99;
    points.push(MAKERS[i % shapeCount](x, y));
  }
  return points;
}

function sumDistances(points) {
  let total = 0;
  for (const point of points) total += manhattan(point);
  return total;
}

// Writes through one site to objects of several shapes.
function nudge(points, dx) {
  for (const point of points) {
    if (point instanceof GridPoint) point.column += dx / 2;
    else point.x += dx;
  }
}

class Shape {
  describe() {
    return this.name().length + this.area();
  }
}

class Circle extends Shape {
  constructor(r) {
    super();
    this.r = r;
  }
  area() {
    return 3 * this.r * this.r;
  }
  name() {
    return "circle";
  }
}

class Rect extends Shape {
  constructor(w, h) {
    super();
    this.w = w;
    this.h = h;
  }
  area() {
    return this.w * this.h;
  }
  name() {
    return "rectangle";
  }
}

class Square extends Rect {
  constructor(side) {
    super(side, side);
  }
  name() {
    return "square";
  }
}

class Triangle extends Shape {
  constructor(base, height) {
    super();
    this.base = base;
    this.height = height;
  }
  area() {
    return (this.base * this.height) >> 1;
  }
  name() {
    return "triangle";
  }
}

function virtualCalls(round) {
  const shapes = [];
  for (let i = 0; i < COUNT; i++) {
    const n = (i + round) % 17;
    switch (i % 4) {
      case 0: shapes.push(new Circle(n)); break;
      case 1: shapes.push(new Rect(n, n + 1)); break;
      case 2: shapes.push(new Square(n)); break;
      default: shapes.push(new Triangle(n, n + 3)); break;
    }
  }
  let total = 0;
  for (let pass = 0; pass < 3; pass++) {
    for (const shape of shapes) total += shape.describe();
  }
  return total;
}

if (!(SIZE in EXPECTED)) throw new Error(`polymorphic: no expected checksum for ${SIZE} rounds`);
let checksum = 0;
for (let round = 0; round < SIZE; round++) {
  let result = 0;
  for (const shapeCount of [1, 4, 12]) {
    const points = makePoints(shapeCount, round);
    for (let pass = 0; pass < 5; pass++) result += sumDistances(points);
    nudge(points, 3);
    result += sumDistances(points);
  }
  result += virtualCalls(round);
  checksum = (checksum * 31 + result) % 2147483647;
}
if (String(checksum) !== EXPECTED[SIZE]) throw new Error(`polymorphic: checksum ${checksum}, expected ${EXPECTED[SIZE]}`);
log(`OK polymorphic ${checksum}`);
