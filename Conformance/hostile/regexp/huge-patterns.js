// Regular expressions whose patterns are huge: nested counted repetitions (10^6 and 10^9 expansions if unrolled), counts past 2^31, 100,000 nested groups, alternatives and class ranges, a 100,000-character group name, 30,000 captures.
// (Expected output from xjs, checked line by line: the spec sets no limits; node 20 agrees except that it accepts 100,000 nested non-capturing groups, where xjs stops at 255 levels with a SyntaxError, and it throws SyntaxError for 30,000 captures.)
function check(f) { try { print(f()); } catch (e) { print(e.name); } }
check(function () { return /((a{100}){100}){100}/.test("b"); });
check(function () { return /(?:(?:a{0,1000}){0,1000}){0,1000}x/.test("aaab"); });
check(function () { return /a{2147483647}/.test("a") + " " + /a{2147483648,}/.test("a") + " " + /a{0,4294967296}$/.test("aaa"); });
check(function () { return new RegExp("a{99999999999999999999}").test("a"); });
check(function () { return new RegExp("(".repeat(1e5) + ")".repeat(1e5)).test(""); });
check(function () { return new RegExp("(?:".repeat(1e5) + "a" + ")".repeat(1e5)).test("a"); });
check(function () { return new RegExp("[" + "a-z".repeat(1e5) + "]").test("q"); });
check(function () { return new RegExp("a|".repeat(1e5) + "b").test("b"); });
check(function () { return new RegExp("(?<n" + "x".repeat(1e5) + ">a)\\k<n" + "x".repeat(1e5) + ">").test("aa"); });
check(function () { return new RegExp("(a)".repeat(30000)).exec("a".repeat(30000)).length; });
