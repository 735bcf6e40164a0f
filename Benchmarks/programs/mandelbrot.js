// Mandelbrot: render the set on [-1.5, 0.5] x [-1, 1] as an N x N bitmap, 50 iterations with
// escape radius 2, packed eight pixels to a byte as in the Computer Language Benchmarks Game.
// The checksum (pixels inside the set and an FNV-1a hash of the bitmap bytes) for each size
// was computed by a separate Python transcription and confirmed in node, jsc and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 680; // quick: 200 (image width and height)

const EXPECTED = {
  200: "15899 cbcccf95",
  680: "183632 05029859",
};

const MAX_ITERATIONS = 50;

function isInside(cr, ci) {
  let zr = 0;
  let zi = 0;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const zr2 = zr * zr;
    const zi2 = zi * zi;
    if (zr2 + zi2 > 4) return false;
    zi = 2 * zr * zi + ci;
    zr = zr2 - zi2 + cr;
  }
  return zr * zr + zi * zi <= 4;
}

function renderBitmap(size) {
  const bytesPerRow = Math.ceil(size / 8);
  const bitmap = new Uint8Array(bytesPerRow * size);
  for (let y = 0; y < size; y++) {
    const ci = (2 * y) / size - 1;
    for (let x = 0; x < size; x++) {
      if (isInside((2 * x) / size - 1.5, ci)) bitmap[y * bytesPerRow + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return bitmap;
}

function summarize(bitmap) {
  let inside = 0;
  let hash = 0x811c9dc5;
  for (const byte of bitmap) {
    for (let bits = byte; bits !== 0; bits &= bits - 1) inside++;
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return `${inside} ${hash.toString(16).padStart(8, "0")}`;
}

if (!(SIZE in EXPECTED)) throw new Error(`mandelbrot: no expected checksum for size ${SIZE}`);
const summary = summarize(renderBitmap(SIZE));
if (summary !== EXPECTED[SIZE]) throw new Error(`mandelbrot: checksum ${summary}, expected ${EXPECTED[SIZE]}`);
log(`OK mandelbrot ${summary}`);
