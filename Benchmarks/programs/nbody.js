// N-body: the Jovian planets (Jupiter, Saturn, Uranus, Neptune) and the Sun integrated with
// a simple symplectic Euler step (dt = 0.01), as in the Computer Language Benchmarks Game.
// Published energies: -0.169075164 at the start and -0.169087605 after 1000 steps. The
// final energy for each size was computed by a separate Python transcription and confirmed
// in node, jsc and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 320000; // quick: 32000 (time steps)

const EXPECTED_FINAL_ENERGY = { 32000: "-0.169092786", 320000: "-0.169080198" };

const SOLAR_MASS = 4 * Math.PI * Math.PI;
const DAYS_PER_YEAR = 365.24;

class Body {
  constructor(x, y, z, vx, vy, vz, mass) {
    this.x = x;
    this.y = y;
    this.z = z;
    this.vx = vx * DAYS_PER_YEAR;
    this.vy = vy * DAYS_PER_YEAR;
    this.vz = vz * DAYS_PER_YEAR;
    this.mass = mass * SOLAR_MASS;
  }
}

function solarSystem() {
  return [
    new Body(0, 0, 0, 0, 0, 0, 1),
    new Body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
      1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05, 9.54791938424326609e-04),
    new Body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
      -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05, 2.85885980666130812e-04),
    new Body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
      2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05, 4.36624404335156298e-05),
    new Body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
      2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05, 5.15138902046611451e-05),
  ];
}

// Gives the Sun the momentum that makes the system's total momentum zero.
function offsetMomentum(bodies) {
  let px = 0;
  let py = 0;
  let pz = 0;
  for (const body of bodies) {
    px += body.vx * body.mass;
    py += body.vy * body.mass;
    pz += body.vz * body.mass;
  }
  const sun = bodies[0];
  sun.vx = -px / SOLAR_MASS;
  sun.vy = -py / SOLAR_MASS;
  sun.vz = -pz / SOLAR_MASS;
}

function advance(bodies, dt) {
  const count = bodies.length;
  for (let i = 0; i < count; i++) {
    const a = bodies[i];
    for (let j = i + 1; j < count; j++) {
      const b = bodies[j];
      const dx = a.x - b.x;
      const dy = a.y - b.y;
      const dz = a.z - b.z;
      const distanceSquared = dx * dx + dy * dy + dz * dz;
      const magnitude = dt / (distanceSquared * Math.sqrt(distanceSquared));
      a.vx -= dx * b.mass * magnitude;
      a.vy -= dy * b.mass * magnitude;
      a.vz -= dz * b.mass * magnitude;
      b.vx += dx * a.mass * magnitude;
      b.vy += dy * a.mass * magnitude;
      b.vz += dz * a.mass * magnitude;
    }
  }
  for (const body of bodies) {
    body.x += dt * body.vx;
    body.y += dt * body.vy;
    body.z += dt * body.vz;
  }
}

function energy(bodies) {
  let e = 0;
  for (let i = 0; i < bodies.length; i++) {
    const a = bodies[i];
    e += 0.5 * a.mass * (a.vx * a.vx + a.vy * a.vy + a.vz * a.vz);
    for (let j = i + 1; j < bodies.length; j++) {
      const b = bodies[j];
      const dx = a.x - b.x;
      const dy = a.y - b.y;
      const dz = a.z - b.z;
      e -= (a.mass * b.mass) / Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
  }
  return e;
}

function expectEnergy(what, bodies, expected) {
  const actual = energy(bodies).toFixed(9);
  if (actual !== expected) throw new Error(`nbody: energy ${what} is ${actual}, expected ${expected}`);
  return actual;
}

if (!(SIZE in EXPECTED_FINAL_ENERGY)) throw new Error(`nbody: no expected energy for ${SIZE} steps`);
const bodies = solarSystem();
offsetMomentum(bodies);
expectEnergy("at the start", bodies, "-0.169075164");
for (let step = 0; step < 1000; step++) advance(bodies, 0.01);
expectEnergy("after 1000 steps", bodies, "-0.169087605");
for (let step = 1000; step < SIZE; step++) advance(bodies, 0.01);
log(`OK nbody ${expectEnergy(`after ${SIZE} steps`, bodies, EXPECTED_FINAL_ENERGY[SIZE])}`);
