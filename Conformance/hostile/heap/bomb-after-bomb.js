// xjs-flags: --max-heap=64m --timeout-ms=20000
// A bomb whose garbage the extra collections of gc-stress free at once, then a second bomb whose array doubles past the limit: the second handler still gets its reserve. (gc-stress kept the first refusal's raised limit until a scheduled collection, which the second bomb met only past the raised limit, so its handler was refused at its first allocation.) Each handler prints before anything else (its string is out-of-line memory that meets the limit at once).
function pushForever() { var v = []; for (var i = 0; ; i++) v.push(i, i, i, i); }
function fillHuge() { var a = new Array(2 ** 26); a.fill(1.5); }
try { pushForever(); print("pushForever finished?!"); } catch (e) { print(e instanceof RangeError ? "pushForever RangeError" : "pushForever unexpected"); }
try { fillHuge(); print("fillHuge finished?!"); } catch (e) { print(e instanceof RangeError ? "fillHuge RangeError" : "fillHuge unexpected"); }
try { pushForever(); print("pushForever finished?!"); } catch (e) { print(e instanceof RangeError ? "pushForever RangeError again" : "pushForever unexpected"); }
try { fillHuge(); print("fillHuge finished?!"); } catch (e) { print(e instanceof RangeError ? "fillHuge RangeError again" : "fillHuge unexpected"); }
var after = []; for (var i = 0; i < 100000; i++) after.push(i);
print("after the bombs, an array of 100,000:", after.length);
