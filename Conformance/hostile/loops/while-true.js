// xjs-flags: --timeout-ms=500
// An endless while (true) with an empty body: the time limit stops it.
print("start");
while (true) {}
