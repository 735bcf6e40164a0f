#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The console methods beyond log/error: util.format's substitutions, count, group, assert,
// dir, time, trace and table, with node's output as the reference.

/// What a realm's console remembers between calls.
final class ConsoleState {
  var counts: [String: Int] = [:]
  /// Start times of `console.time` labels, in milliseconds of the monotonic clock.
  var timers: [String: Double] = [:]
  /// Two spaces per open `console.group`.
  var indent = ""

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
  }
}

extension Realm {
  func installConsoleMethods(_ runtime: Runtime, on console: ObjectRef) {
    let state = ConsoleState()
    for (name, toError) in [
      ("log", false), ("info", false), ("debug", false), ("dirxml", false), ("error", true), ("warn", true),
    ] {
      runtime.defineNativeMethod(console, name, length: 0) { runtime, arguments in
        runtime.writeConsole(runtime.formatConsole(Array(arguments)), toError: toError, state)
        return .undefined
      }
    }
    runtime.defineNativeMethod(console, "dir", length: 0) { runtime, arguments in
      runtime.writeConsole(runtime.inspect(arguments[0], quotingStrings: true), toError: false, state)
      return .undefined
    }
    installCounters(runtime, console, state)
    installGroups(runtime, console, state)
    installTimers(runtime, console, state)
    runtime.defineNativeMethod(console, "assert", length: 0) { runtime, arguments throws(JSException) in
      guard !runtime.toBoolean(arguments[0]) else { return .undefined }
      // As node 20: "Assertion failed", or "Assertion failed: " + the first datum as a string
      // (a template for the rest when it is one).
      var rest = Array(arguments).dropFirst().map { $0 }
      if let first = rest.first {
        let text =
          first.isString
          ? first.asString.swiftString(runtime.heap) : try runtime.toString(first).swiftString(runtime.heap)
        rest[0] = runtime.newString("Assertion failed: " + text).value
      } else {
        rest.insert(runtime.newString("Assertion failed").value, at: 0)
      }
      runtime.writeConsole(runtime.formatConsole(rest), toError: true, state)
      return .undefined
    }
    runtime.defineNativeMethod(console, "trace", length: 0) { runtime, arguments in
      var text = "Trace"
      if arguments.count > 0 { text += ": " + runtime.formatConsole(Array(arguments)) }
      if let site = runtime.nativeCallSite {
        for frame in runtime.stackFrames(from: site.fp, pc: site.pc) { text += "\n    at " + frame }
      }
      runtime.writeConsole(text, toError: true, state)
      return .undefined
    }
    runtime.defineNativeMethod(console, "table", length: 1) { runtime, arguments throws(JSException) in
      let text = try runtime.consoleTable(arguments[0], columns: arguments[1])
      runtime.writeConsole(text, toError: false, state)
      return .undefined
    }
  }

  /// `console.count(label = "default")` and `console.countReset(label)`.
  private func installCounters(_ runtime: Runtime, _ console: ObjectRef, _ state: ConsoleState) {
    runtime.defineNativeMethod(console, "count", length: 0) { runtime, arguments throws(JSException) in
      let label = try runtime.consoleLabel(arguments[0])
      let count = (state.counts[label] ?? 0) + 1
      state.counts[label] = count
      runtime.writeConsole("\(label): \(count)", toError: false, state)
      return .undefined
    }
    runtime.defineNativeMethod(console, "countReset", length: 0) { runtime, arguments throws(JSException) in
      let label = try runtime.consoleLabel(arguments[0])
      if state.counts[label] == nil {
        runtime.writeConsole("Warning: Count for '\(label)' does not exist", toError: true, state)
      } else {
        state.counts[label] = 0
      }
      return .undefined
    }
  }

  /// `console.group(...label)`, `groupCollapsed` (the same in a terminal) and `groupEnd`.
  private func installGroups(_ runtime: Runtime, _ console: ObjectRef, _ state: ConsoleState) {
    for name in ["group", "groupCollapsed"] {
      runtime.defineNativeMethod(console, name, length: 0) { runtime, arguments in
        if arguments.count > 0 { runtime.writeConsole(runtime.formatConsole(Array(arguments)), toError: false, state) }
        state.indent += "  "
        return .undefined
      }
    }
    runtime.defineNativeMethod(console, "groupEnd", length: 0) { _, _ in
      state.indent = String(state.indent.dropLast(2))
      return .undefined
    }
  }

  /// `console.time(label)`, `timeLog(label, ...data)` and `timeEnd(label)`.
  private func installTimers(_ runtime: Runtime, _ console: ObjectRef, _ state: ConsoleState) {
    runtime.defineNativeMethod(console, "time", length: 0) { runtime, arguments throws(JSException) in
      let label = try runtime.consoleLabel(arguments[0])
      if state.timers[label] != nil {
        runtime.writeConsole("Warning: Label '\(label)' already exists for console.time()", toError: true, state)
      } else {
        state.timers[label] = ConsoleState.now()
      }
      return .undefined
    }
    for name in ["timeLog", "timeEnd"] {
      runtime.defineNativeMethod(console, name, length: 0) { runtime, arguments throws(JSException) in
        let label = try runtime.consoleLabel(arguments[0])
        guard let start = state.timers[label] else {
          runtime.writeConsole("Warning: No such label '\(label)' for console.\(name)()", toError: true, state)
          return .undefined
        }
        var text = "\(label): " + Runtime.formatDuration(ConsoleState.now() - start)
        if name == "timeEnd" {
          state.timers[label] = nil
        } else if arguments.count > 1 {
          text += " " + runtime.formatConsole(Array(arguments).dropFirst().map { $0 }, substitutions: false)
        }
        runtime.writeConsole(text, toError: false, state)
        return .undefined
      }
    }
  }
}

extension Array where Element == Value {
  init(_ arguments: NativeArguments) { self = (0..<arguments.count).map { arguments[$0] } }
}

extension Runtime {
  /// Writes console output: each line indented by the open groups.
  func writeConsole(_ text: String, toError: Bool, _ state: ConsoleState) {
    var output = text
    if !state.indent.isEmpty {
      output = text.split(separator: "\n", omittingEmptySubsequences: false).map { state.indent + $0 }
        .joined(separator: "\n")
    }
    writeOutput(output + "\n", toError: toError)
  }

  /// A label argument: "default" when absent, else ToString.
  func consoleLabel(_ value: Value) throws(JSException) -> String {
    value.isUndefined ? "default" : try toString(value).swiftString(heap)
  }

  /// node's util.format: a leading string's `%s %d %i %f %j %o %O %c %%` take the arguments
  /// after it; the rest are appended, strings as they are and other values inspected.
  func formatConsole(_ arguments: [Value], substitutions: Bool = true) -> String {
    var parts: [String] = []
    var next = 0
    if substitutions, let first = arguments.first, first.isString {
      let template = Array(first.asString.swiftString(heap))
      next = 1
      var text = ""
      var index = 0
      while index < template.count {
        let character = template[index]
        guard character == "%", index + 1 < template.count else {
          text.append(character)
          index += 1
          continue
        }
        let directive = template[index + 1]
        if directive == "%" {
          text.append("%")
        } else if "sdifjoOc".contains(directive), next < arguments.count {
          text += substitute(directive, arguments[next])
          next += 1
        } else {
          text.append(character)
          text.append(directive)
        }
        index += 2
      }
      parts.append(text)
    }
    for value in arguments[next...] {
      parts.append(value.isString ? value.asString.swiftString(heap) : inspect(value))
    }
    return parts.joined(separator: " ")
  }

  private func substitute(_ directive: Character, _ value: Value) -> String {
    switch directive {
    case "s":
      if value.isString { return value.asString.swiftString(heap) }
      if value.isBigInt || value.isNumber || value.isObject { return inspect(value) }
      return (try? toString(value).swiftString(heap)) ?? inspect(value)
    case "d", "i", "f":
      if value.isBigInt { return inspect(value) }
      if value.isSymbol { return "NaN" }
      let number: Double
      switch directive {
      case "d": number = (try? toNumber(value)) ?? .nan
      case "i": number = NumberParsing.parseInt((try? toString(value).swiftString(heap)) ?? "", radix: 10)
      default: number = NumberParsing.parseFloat((try? toString(value).swiftString(heap)) ?? "")
      }
      return inspect(Value(number: number))
    case "j":
      guard let json = try? jsonStringify(value, replacer: .undefined, space: .undefined) else { return "[Circular]" }
      return json.isString ? json.asString.swiftString(heap) : "undefined"
    case "c": return ""
    default: return inspect(value, quotingStrings: true)
    }
  }

  /// A duration as node prints it for console.timeEnd: milliseconds or seconds, 3 decimals.
  static func formatDuration(_ milliseconds: Double) -> String {
    func fixed(_ number: Double) -> String {
      let scaled = (number * 1000).rounded()
      let whole = Int(scaled / 1000)
      let fraction = Int(scaled) % 1000
      let digits = String(fraction)
      return "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }
    return milliseconds < 1000 ? fixed(milliseconds) + "ms" : fixed(milliseconds / 1000) + "s"
  }

  /// `console.table(data, columns)`: a box of the data's rows (its own enumerable properties)
  /// and their properties, or a "Values" column for rows that are not objects.
  func consoleTable(_ data: Value, columns: Value) throws(JSException) -> String {
    guard data.isObject else { return formatConsole([data]) }
    var wanted: [String]?
    if columns.isObject {
      var names: [String] = []
      for key in try ownEnumerableKeys(columns) { names.append(cellKey(try getProperty(columns, key))) }
      wanted = names
    }
    var header: [String] = []
    var rows: [(index: String, cells: [String: String], value: String?)] = []
    for key in try ownEnumerableKeys(data) {
      let row = try getProperty(data, key)
      var cells: [String: String] = [:]
      var value: String?
      if row.isObject && !isCallable(row) {
        for column in try ownEnumerableKeys(row) where wanted?.contains(column) ?? true {
          if !header.contains(column) { header.append(column) }
          cells[column] = inspect(try getProperty(row, column), quotingStrings: true)
        }
      } else {
        value = inspect(row, quotingStrings: true)
      }
      rows.append((key, cells, value))
    }
    if let wanted { header = wanted }
    let hasValues = rows.contains { $0.value != nil }
    let titles = ["(index)"] + header + (hasValues ? ["Values"] : [])
    let table = rows.map { row in
      [row.index] + header.map { row.cells[$0] ?? "" } + (hasValues ? [row.value ?? ""] : [])
    }
    return Runtime.drawTable(titles, table)
  }

  private func cellKey(_ value: Value) -> String {
    value.isString ? value.asString.swiftString(heap) : inspect(value)
  }

  /// Box-drawing lines around left-aligned cells, as node 20 draws them.
  static func drawTable(_ titles: [String], _ rows: [[String]]) -> String {
    let widths = titles.indices.map { column in
      ([titles[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ left: String, _ middle: String, _ right: String) -> String {
      left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
    }
    func cells(_ values: [String]) -> String {
      "│"
        + values.indices.map { " " + values[$0] + String(repeating: " ", count: widths[$0] - values[$0].count) + " " }
        .joined(separator: "│") + "│"
    }
    return ([line("┌", "┬", "┐"), cells(titles), line("├", "┼", "┤")] + rows.map(cells) + [line("└", "┴", "┘")])
      .joined(separator: "\n")
  }
}
