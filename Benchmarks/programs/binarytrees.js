// Binary trees: allocate and walk many short-lived perfect binary trees while one long-lived
// tree stays reachable (Computer Language Benchmarks Game). It measures allocation and
// garbage collection. A perfect tree of depth d has 2^(d+1) - 1 nodes, so every count is
// known in advance.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 14; // quick: 10 (maximum tree depth)

const MIN_DEPTH = 4;

class TreeNode {
  constructor(left, right) {
    this.left = left;
    this.right = right;
  }

  countNodes() {
    if (this.left === null) return 1;
    return 1 + this.left.countNodes() + this.right.countNodes();
  }
}

function bottomUpTree(depth) {
  if (depth === 0) return new TreeNode(null, null);
  return new TreeNode(bottomUpTree(depth - 1), bottomUpTree(depth - 1));
}

function nodesInTree(depth) {
  return 2 ** (depth + 1) - 1;
}

function expectCount(what, actual, expected) {
  if (actual !== expected) throw new Error(`binarytrees: ${what} has ${actual} nodes, expected ${expected}`);
  return actual;
}

const maxDepth = Math.max(MIN_DEPTH + 2, SIZE);
let checksum = expectCount(`stretch tree of depth ${maxDepth + 1}`,
  bottomUpTree(maxDepth + 1).countNodes(), nodesInTree(maxDepth + 1));
const longLived = bottomUpTree(maxDepth);
for (let depth = MIN_DEPTH; depth <= maxDepth; depth += 2) {
  const iterations = 2 ** (maxDepth - depth + MIN_DEPTH);
  let total = 0;
  for (let i = 0; i < iterations; i++) total += bottomUpTree(depth).countNodes();
  checksum += expectCount(`${iterations} trees of depth ${depth}`, total, iterations * nodesInTree(depth));
}
checksum += expectCount(`long lived tree of depth ${maxDepth}`, longLived.countNodes(), nodesInTree(maxDepth));
log(`OK binarytrees ${checksum}`);
