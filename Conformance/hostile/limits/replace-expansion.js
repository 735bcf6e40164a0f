// xjs-flags: --timeout-ms=500
// A global replace whose every one of 100,000 matches expands to 10,000 code units: the time limit stops it (14 s past a 500 ms limit before).
print("start");
"x".repeat(1e5).replace(/x/g, "$&".repeat(1e4));
