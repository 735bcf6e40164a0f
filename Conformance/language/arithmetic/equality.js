// Abstract (==) and strict (===) equality, and SameValue through Object.is.
print(null == undefined, null === undefined, null == 0, undefined == 0);
print("1" == 1, "1" === 1, "" == 0, "0" == false, [] == false, [0] == false);
print(NaN == NaN, NaN != NaN, 0 == -0, Object.is(0, -0), Object.is(NaN, NaN));
var object = {};
print(object == object, object == {}, [1] == 1, [1, 2] == "1,2");
var valued = { valueOf: function () { return 3; } };
print(valued == 3, valued === 3, "3" == valued, true == 1, true == 2);
print(null == false, undefined == false, "abc" == new String("abc"), new String("a") == new String("a"));
