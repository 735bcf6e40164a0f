// SHA-256 (FIPS 180-4) in pure 32-bit integer operations: rotations, shifts, xor, and
// additions wrapped with | 0. Checked against the standard's published digests ("", "abc",
// the 448-bit two-block message, one million "a"), then used to hash a generated message
// whose digest was computed with Python's hashlib.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 300; // quick: 16 (kilobytes of generated message, hashed after the one million "a")

const EXPECTED_GENERATED = {
  16: "62946a66d5cb4cbc8033de718b59a190674526a51ab8e3d621772de4a06e3d69",
  300: "06127fae195e13c38dafd0cea19394812c63b251fa3d579a3cdb0f49d3783252",
};

// First 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

// First 32 bits of the fractional parts of the square roots of the first 8 primes.
const INITIAL_HASH = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

function rotateRight(x, n) {
  return (x >>> n) | (x << (32 - n));
}

class Sha256 {
  constructor() {
    this.state = Int32Array.from(INITIAL_HASH);
    this.block = new Uint8Array(64);
    this.blockLength = 0;
    this.totalBytes = 0;
    this.schedule = new Int32Array(64);
  }

  update(bytes) {
    for (let i = 0; i < bytes.length; i++) {
      this.block[this.blockLength++] = bytes[i];
      if (this.blockLength === 64) {
        this.compress();
        this.blockLength = 0;
      }
    }
    this.totalBytes += bytes.length;
    return this;
  }

  // FIPS 180-4 section 6.2.2: one 512-bit block.
  compress() {
    const w = this.schedule;
    const block = this.block;
    for (let t = 0; t < 16; t++) {
      const i = t * 4;
      w[t] = (block[i] << 24) | (block[i + 1] << 16) | (block[i + 2] << 8) | block[i + 3];
    }
    for (let t = 16; t < 64; t++) {
      const w15 = w[t - 15];
      const w2 = w[t - 2];
      const sigma0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >>> 3);
      const sigma1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >>> 10);
      w[t] = (sigma1 + w[t - 7] + sigma0 + w[t - 16]) | 0;
    }
    const s = this.state;
    let [a, b, c, d, e, f, g, h] = s;
    for (let t = 0; t < 64; t++) {
      const bigSigma1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25);
      const choose = (e & f) ^ (~e & g);
      const t1 = (h + bigSigma1 + choose + K[t] + w[t]) | 0;
      const bigSigma0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (bigSigma0 + majority) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    s[0] += a;
    s[1] += b;
    s[2] += c;
    s[3] += d;
    s[4] += e;
    s[5] += f;
    s[6] += g;
    s[7] += h;
  }

  // Pads with 0x80, zeros, and the message length in bits (section 5.1.1).
  digest() {
    const bitLength = this.totalBytes * 8;
    const padding = new Uint8Array(((this.blockLength < 56 ? 56 : 120) - this.blockLength) + 8);
    padding[0] = 0x80;
    const end = padding.length;
    const high = Math.floor(bitLength / 4294967296);
    for (let i = 0; i < 4; i++) {
      padding[end - 1 - i] = (bitLength >>> (8 * i)) & 0xff;
      padding[end - 5 - i] = (high >>> (8 * i)) & 0xff;
    }
    this.update(padding);
    return Array.from(this.state, (word) => (word >>> 0).toString(16).padStart(8, "0")).join("");
  }
}

function asciiBytes(text) {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function expectDigest(what, actual, expected) {
  if (actual !== expected) throw new Error(`sha256: digest of ${what} is ${actual}, expected ${expected}`);
  return actual;
}

// Bytes from a linear congruential generator (Numerical Recipes constants), top 8 bits each.
function generatedMessage(length) {
  const bytes = new Uint8Array(length);
  let state = 12345;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

expectDigest('""', new Sha256().digest(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
expectDigest('"abc"', new Sha256().update(asciiBytes("abc")).digest(),
  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
expectDigest("the 448-bit message", new Sha256().update(asciiBytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).digest(),
  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");

const millionA = new Sha256();
const thousandA = new Uint8Array(1000).fill(0x61);
for (let i = 0; i < 1000; i++) millionA.update(thousandA);
expectDigest("one million 'a'", millionA.digest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");

if (!(SIZE in EXPECTED_GENERATED)) throw new Error(`sha256: no expected digest for ${SIZE} KB`);
const message = generatedMessage(SIZE * 1024 + 1000);
const digest = expectDigest(`the generated ${message.length}-byte message`, new Sha256().update(message).digest(),
  EXPECTED_GENERATED[SIZE]);
log(`OK sha256 ${digest}`);
