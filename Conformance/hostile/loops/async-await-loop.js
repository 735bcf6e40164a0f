// xjs-flags: --timeout-ms=500
// An async function that awaits forever in a loop, and an endless async generator consumed by for await.
async function spin() { var i = 0; for (;;) { await i++; } }
spin();
async function* forever() { for (;;) yield 1; }
(async function () { var n = 0; for await (var x of forever()) { if (++n === 100) print("100 awaited"); } })();
print("end of script");
