// Boolean: conversion rules, wrappers (objects are truthy), subclassing, thisBooleanValue errors, attributes.
print(Boolean(), Boolean(0), Boolean(-0), Boolean(NaN), Boolean(""), Boolean(" "), Boolean(null), Boolean({}), Boolean([]), Boolean(Symbol()));
var wrapper = new Boolean(false);
print(typeof wrapper, wrapper ? "truthy" : "falsy", wrapper.valueOf(), wrapper.toString(), String(wrapper), wrapper == false);
class Flag extends Boolean {}
var flag = new Flag(1);
print(flag.valueOf(), flag instanceof Flag, Object.prototype.toString.call(flag), Boolean.prototype.valueOf(), Object.prototype.toString.call(Boolean.prototype));
print(true.toString(), false.toString(), Boolean.prototype.toString.call(true), Boolean.length, Boolean.name);
for (var receiver of ["true", 1, {}, null]) {
  try {
    Boolean.prototype.valueOf.call(receiver);
  } catch (e) {
    print(String(receiver), e.name);
  }
}
var d = Object.getOwnPropertyDescriptor(Boolean, "prototype");
print(d.writable, d.enumerable, d.configurable, Boolean.prototype.constructor === Boolean);
