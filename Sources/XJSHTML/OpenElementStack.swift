/// The stack of open elements, counting its HTML elements by name as it changes, so that "has
/// an element in scope" answers at once when no such element is open at all. Without the count
/// every `<div>` start tag scans the whole stack for a `p` to close, and a document nested
/// 100,000 deep parses in quadratic time.
struct OpenElementStack<Record: AnyObject & OpenElementRecord>: RandomAccessCollection, MutableCollection,
  RangeReplaceableCollection, ExpressibleByArrayLiteral
{
  private var records: [Record] = []
  private var htmlNameCounts: [String: Int] = [:]

  init() {}

  init(arrayLiteral elements: Record...) {
    replaceSubrange(0..<0, with: elements)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { records.count }

  subscript(position: Int) -> Record {
    get { records[position] }
    set {
      uncount(records[position])
      count(newValue)
      records[position] = newValue
    }
  }

  mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Record {
    for record in records[subrange] { uncount(record) }
    for record in newElements { count(record) }
    records.replaceSubrange(subrange, with: newElements)
  }

  mutating func append(_ record: Record) {
    count(record)
    records.append(record)
  }

  @discardableResult
  mutating func removeLast() -> Record {
    let record = records.removeLast()
    uncount(record)
    return record
  }

  /// Whether an HTML element named `name` is anywhere on the stack.
  func containsHTML(_ name: String) -> Bool { htmlNameCounts[name, default: 0] > 0 }

  private mutating func count(_ record: Record) {
    if record.isHTMLElement { htmlNameCounts[record.name, default: 0] += 1 }
  }

  private mutating func uncount(_ record: Record) {
    if record.isHTMLElement { htmlNameCounts[record.name, default: 0] -= 1 }
  }
}

/// What the stack needs of its records.
protocol OpenElementRecord {
  var name: String { get }
  var isHTMLElement: Bool { get }
}
