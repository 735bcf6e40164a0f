// Ray tracer: a Whitted-style tracer with a pinhole camera, spheres and a checkered plane,
// point lights with shadows, diffuse and specular shading, and mirror reflections up to a
// fixed depth. It renders a small image and reduces its pixels to a checksum. Only + - * /
// and Math.sqrt touch the colours, so every correct engine produces the same bits; the
// expected checksum was computed in node and confirmed in jsc, SpiderMonkey and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 126; // quick: 30 (image height; the width is 4/3 of it)

const EXPECTED = { 30: "125985 629ae722", 126: "2275302 517c38d7" };

const MAX_DEPTH = 4;
const EPSILON = 1e-6;

class Vector {
  constructor(x, y, z) {
    this.x = x;
    this.y = y;
    this.z = z;
  }

  plus(other) {
    return new Vector(this.x + other.x, this.y + other.y, this.z + other.z);
  }

  minus(other) {
    return new Vector(this.x - other.x, this.y - other.y, this.z - other.z);
  }

  times(factor) {
    return new Vector(this.x * factor, this.y * factor, this.z * factor);
  }

  dot(other) {
    return this.x * other.x + this.y * other.y + this.z * other.z;
  }

  cross(other) {
    return new Vector(
      this.y * other.z - this.z * other.y,
      this.z * other.x - this.x * other.z,
      this.x * other.y - this.y * other.x,
    );
  }

  length() {
    return Math.sqrt(this.dot(this));
  }

  normalized() {
    return this.times(1 / this.length());
  }
}

class Color {
  constructor(r, g, b) {
    this.r = r;
    this.g = g;
    this.b = b;
  }

  plus(other) {
    return new Color(this.r + other.r, this.g + other.g, this.b + other.b);
  }

  times(factor) {
    return new Color(this.r * factor, this.g * factor, this.b * factor);
  }

  filter(other) {
    return new Color(this.r * other.r, this.g * other.g, this.b * other.b);
  }

  toByte(channel) {
    return Math.floor(Math.min(1, Math.max(0, channel)) * 255);
  }
}

const BLACK = new Color(0, 0, 0);
const WHITE = new Color(1, 1, 1);

class Ray {
  constructor(origin, direction) {
    this.origin = origin;
    this.direction = direction;
  }

  at(distance) {
    return this.origin.plus(this.direction.times(distance));
  }
}

// Surfaces describe how a point looks: base colour, shininess exponent, reflectivity.
class Material {
  constructor(color, specular, shininessDoublings, reflectivity) {
    this.color = color;
    this.specular = specular;
    this.shininessDoublings = shininessDoublings; // highlight exponent is 2^this
    this.reflectivity = reflectivity;
  }

  colorAt(point) {
    return this.color;
  }
}

class Checkerboard extends Material {
  constructor(even, odd) {
    super(even, 0.3, 4, 0.25);
    this.odd = odd;
  }

  colorAt(point) {
    return (Math.floor(point.x) + Math.floor(point.z)) % 2 === 0 ? this.color : this.odd;
  }
}

class Sphere {
  constructor(center, radius, material) {
    this.center = center;
    this.radiusSquared = radius * radius;
    this.material = material;
  }

  // Distance along the ray to the nearest hit in front of its origin, or Infinity.
  intersect(ray) {
    const toCenter = this.center.minus(ray.origin);
    const along = toCenter.dot(ray.direction);
    if (along < 0) return Infinity;
    const discriminant = this.radiusSquared - (toCenter.dot(toCenter) - along * along);
    if (discriminant < 0) return Infinity;
    const root = Math.sqrt(discriminant);
    const near = along - root;
    if (near > EPSILON) return near;
    const far = along + root;
    return far > EPSILON ? far : Infinity;
  }

  normalAt(point) {
    return point.minus(this.center).normalized();
  }
}

class Plane {
  constructor(normal, offset, material) {
    this.normal = normal.normalized();
    this.offset = offset;
    this.material = material;
  }

  intersect(ray) {
    const denominator = this.normal.dot(ray.direction);
    if (denominator > -EPSILON) return Infinity;
    const distance = -(this.normal.dot(ray.origin) + this.offset) / denominator;
    return distance > EPSILON ? distance : Infinity;
  }

  normalAt(point) {
    return this.normal;
  }
}

class Light {
  constructor(position, color) {
    this.position = position;
    this.color = color;
  }
}

class Camera {
  constructor(position, lookAt) {
    this.position = position;
    this.forward = lookAt.minus(position).normalized();
    this.right = this.forward.cross(new Vector(0, -1, 0)).normalized().times(1.5);
    this.up = this.forward.cross(this.right).normalized().times(1.5);
  }

  // The ray through the image point (u, v), both in [-0.5, 0.5].
  rayThrough(u, v) {
    const direction = this.forward.plus(this.right.times(u)).plus(this.up.times(v));
    return new Ray(this.position, direction.normalized());
  }
}

function createScene() {
  const shiny = (r, g, b) => new Material(new Color(r, g, b), 0.6, 5, 0.35);
  return {
    camera: new Camera(new Vector(3, 2, 4), new Vector(-1, 0.5, 0)),
    things: [
      new Plane(new Vector(0, 1, 0), 0, new Checkerboard(WHITE, new Color(0.1, 0.1, 0.1))),
      new Sphere(new Vector(0, 1, -0.25), 1, shiny(0.9, 0.9, 0.9)),
      new Sphere(new Vector(-1, 0.5, 1.5), 0.5, shiny(0.8, 0.3, 0.2)),
      new Sphere(new Vector(-2.5, 0.75, -1), 0.75, new Material(new Color(0.2, 0.4, 0.9), 0.2, 3, 0.1)),
      new Sphere(new Vector(1.2, 0.3, 1.6), 0.3, shiny(0.3, 0.8, 0.3)),
    ],
    lights: [
      new Light(new Vector(-2, 2.5, 0), new Color(0.49, 0.07, 0.07)),
      new Light(new Vector(1.5, 2.5, 1.5), new Color(0.07, 0.07, 0.49)),
      new Light(new Vector(1.5, 2.5, -1.5), new Color(0.07, 0.49, 0.071)),
      new Light(new Vector(0, 3.5, 0), new Color(0.21, 0.21, 0.35)),
    ],
  };
}

function closestHit(scene, ray) {
  let nearest = Infinity;
  let hit = null;
  for (const thing of scene.things) {
    const distance = thing.intersect(ray);
    if (distance < nearest) {
      nearest = distance;
      hit = thing;
    }
  }
  return hit === null ? null : { thing: hit, distance: nearest };
}

function isShadowed(scene, point, toLight, lightDistance) {
  const hit = closestHit(scene, new Ray(point, toLight));
  return hit !== null && hit.distance < lightDistance;
}

function raisePower(base, doublings) {
  let result = base;
  for (let i = 0; i < doublings; i++) result *= result;
  return result;
}

function shade(scene, thing, point, normal, viewDirection) {
  const material = thing.material;
  const surface = material.colorAt(point);
  const reflected = viewDirection.minus(normal.times(2 * normal.dot(viewDirection)));
  let color = BLACK;
  for (const light of scene.lights) {
    const offset = light.position.minus(point);
    const lightDistance = offset.length();
    const toLight = offset.times(1 / lightDistance);
    if (isShadowed(scene, point, toLight, lightDistance)) continue;
    const diffuse = Math.max(0, normal.dot(toLight));
    color = color.plus(light.color.filter(surface).times(diffuse));
    const highlight = reflected.dot(toLight);
    if (highlight > 0) {
      color = color.plus(light.color.times(material.specular * raisePower(highlight, material.shininessDoublings)));
    }
  }
  return { color, reflected };
}

function trace(scene, ray, depth) {
  const hit = closestHit(scene, ray);
  if (hit === null) return BLACK;
  const point = ray.at(hit.distance);
  const normal = hit.thing.normalAt(point);
  const { color, reflected } = shade(scene, hit.thing, point, normal, ray.direction);
  const reflectivity = hit.thing.material.reflectivity;
  if (depth >= MAX_DEPTH || reflectivity === 0) return color;
  const bounce = trace(scene, new Ray(point, reflected), depth + 1);
  return color.plus(bounce.times(reflectivity));
}

function render(scene, width, height) {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ray = scene.camera.rayThrough((x - width / 2) / (2 * width), -(y - height / 2) / (2 * width));
      const color = trace(scene, ray, 0);
      const index = (y * width + x) * 3;
      pixels[index] = color.toByte(color.r);
      pixels[index + 1] = color.toByte(color.g);
      pixels[index + 2] = color.toByte(color.b);
    }
  }
  return pixels;
}

function checksum(pixels) {
  let sum = 0;
  let hash = 0x811c9dc5;
  for (const value of pixels) {
    sum += value;
    hash = Math.imul(hash ^ value, 0x01000193) >>> 0;
  }
  return `${sum} ${hash.toString(16).padStart(8, "0")}`;
}

if (!(SIZE in EXPECTED)) throw new Error(`raytracer: no expected checksum for height ${SIZE}`);
const summary = checksum(render(createScene(), Math.round((SIZE * 4) / 3), SIZE));
if (summary !== EXPECTED[SIZE]) throw new Error(`raytracer: checksum ${summary}, expected ${EXPECTED[SIZE]}`);
log(`OK raytracer ${summary}`);
