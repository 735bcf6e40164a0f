// Functions, closures, directives, and ASI around them.
function outer() {
  "use strict"
  'another directive'
  var inner = function () {
    return arguments.length
  }
  return inner
}
function noDirective() { ("not a directive"); "after" }
function returns() {
  return
  1
}
var f = function (a, b) { return a + b }(1, 2)
var g = (function () {})()
var h = (() => {})()
var i = a => b => c => a + b + c
var j = async function () { return await Promise.all([]) }
var k = async => async
var l = async (async) => async
var m = async
function n() {}
n()
;(function () {})()
a
++b
c
--d
e
(f)
g
[0]
