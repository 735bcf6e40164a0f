// xjs-flags: --timeout-ms=500
// Catastrophic backtracking with the u and i flags and a character class /^([\p{L}\d]+\s?)+$/u on letters from several scripts.
print("start");
print(/^([\p{L}\d]+[\s]?)+$/ui.test("éàαβγδ".repeat(6) + "!"));
