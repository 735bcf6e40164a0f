// A first script: run it with `swift run -c release xjs run Examples/hello.js`.
function greet(name) {
  return `Hello, ${name}!`;
}

const names = ["world", "xjs"];
for (const name of names) console.log(greet(name));

class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  get length() {
    return Math.sqrt(this.x * this.x + this.y * this.y);
  }
}

const p = new Point(3, 4);
console.log({ point: p, length: p.length });
