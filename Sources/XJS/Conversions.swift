import XJSEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A Swift value that has a JavaScript counterpart: numbers, strings, booleans, `Date`, arrays
/// and dictionaries of convertible values, optionals (nil is null), and `JSValue` itself.
public protocol JSConvertible {
  func jsValue(in context: Context) -> JSValue
}

extension JSValue: JSConvertible {
  /// The value itself (values pass freely between the contexts of one virtual machine).
  public func jsValue(in context: Context) -> JSValue { self }
}

extension Double: JSConvertible {
  public func jsValue(in context: Context) -> JSValue { context.wrap(Value(number: self)) }
}

extension Int: JSConvertible {
  public func jsValue(in context: Context) -> JSValue { context.wrap(Value(self)) }
}

extension Int32: JSConvertible {
  public func jsValue(in context: Context) -> JSValue { context.wrap(Value(self)) }
}

extension Bool: JSConvertible {
  public func jsValue(in context: Context) -> JSValue { context.wrap(Value(self)) }
}

extension String: JSConvertible {
  public func jsValue(in context: Context) -> JSValue {
    context.wrap(context.withRuntime { $0.makeString(self) } ?? .undefined)
  }
}

extension Substring: JSConvertible {
  public func jsValue(in context: Context) -> JSValue { String(self).jsValue(in: context) }
}

extension Date: JSConvertible {
  public func jsValue(in context: Context) -> JSValue {
    context.date(millisecondsSince1970: (timeIntervalSince1970 * 1000).rounded(.down))
  }
}

extension Optional: JSConvertible where Wrapped: JSConvertible {
  /// nil is null.
  public func jsValue(in context: Context) -> JSValue {
    switch self {
    case .some(let value): return value.jsValue(in: context)
    case .none: return context.null
    }
  }
}

extension Array: JSConvertible where Element: JSConvertible {
  public func jsValue(in context: Context) -> JSValue { context.array(map { $0.jsValue(in: context) }) }
}

extension Dictionary: JSConvertible where Key == String, Value: JSConvertible {
  /// An object with one enumerable property per entry, in the dictionary's order.
  public func jsValue(in context: Context) -> JSValue {
    let object = context.object()
    for (key, value) in self { try? object.set(key, value) }
    return object
  }
}

extension JSValue {
  /// The value as a Foundation `Date` (nil unless it is a valid Date).
  public var dateValue: Date? {
    guard let milliseconds = millisecondsSince1970, milliseconds.isFinite else { return nil }
    return Date(timeIntervalSince1970: milliseconds / 1000)
  }
}
