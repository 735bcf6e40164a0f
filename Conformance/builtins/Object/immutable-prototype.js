// %Object.prototype% is an immutable prototype exotic object (ES2024 10.4.7): its [[Prototype]] can only be "set" to its current value, null.
print(Reflect.setPrototypeOf(Object.prototype, Object.create(null)), Reflect.setPrototypeOf(Object.prototype, null));
try { Object.setPrototypeOf(Object.prototype, {}); print("no error"); } catch (e) { print(e instanceof TypeError); }
try { Object.prototype.__proto__ = {}; print("no error"); } catch (e) { print(e instanceof TypeError); }
print(Object.setPrototypeOf(Object.prototype, null) === Object.prototype, Object.getPrototypeOf(Object.prototype));
print(Object.isExtensible(Object.prototype));
var plain = {};
print(Reflect.setPrototypeOf(plain, null), Object.getPrototypeOf(plain));
