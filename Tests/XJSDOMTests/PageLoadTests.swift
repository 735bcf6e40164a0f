import XCTest
import XJS

@testable import XJSDOM

/// A page loaded from markup, its external scripts served from a dictionary.
final class LoadedPage {
  let vm: VirtualMachine
  let realm: DOMRealm
  var errors: [String] = []
  var fetched: [String] = []

  init(_ markup: String, scripts: [String: String] = [:], gcStress: Bool = false, heapLimit: Int? = nil) throws {
    var options = VirtualMachine.Options()
    options.gcStress = gcStress
    if let heapLimit { options.heapLimit = heapLimit }
    vm = VirtualMachine(options: options)
    realm = try DOMRealm(virtualMachine: vm, context: Context(vm))
    realm.reportError = { [unowned self] error in errors.append(error.description) }
    realm.reportUnhandledRejection = { [unowned self] error in errors.append("(in promise) " + error.description) }
    realm.reportLoadFailure = { [unowned self] message in errors.append(message) }
    let request = PageLoadRequest(url: "file:///site/page.html", name: "page.html") { [unowned self] src in
      fetched.append(src)
      guard let source = scripts[src] else { return .failure(PageFetchError("no such file")) }
      return .success(PageScript(source: source, name: src))
    }
    try realm.loadPage(markup, request: request)
    realm.runEventLoop()
  }

  var document: String { serializeDocument(realm.document) }

  func global(_ name: String) throws -> String { try realm.context[name].toString() }
}

final class PageLoadTests: XCTestCase {
  func testScriptsRunInDocumentOrderThenDeferredThenEvents() throws {
    let page = try LoadedPage(
      """
      <!doctype html><script>var log = ['inline:' + document.readyState];
      document.addEventListener('DOMContentLoaded', () => log.push('DOMContentLoaded:' + document.readyState));
      addEventListener('load', () => { log.push('load:' + document.readyState); setTimeout(() => log.push('timer'), 1); });
      Promise.resolve().then(() => log.push('microtask'));</script>
      <script defer src="d.js"></script><script src="e.js"></script>
      <p id=p>text</p><script>log.push('sees:' + document.getElementById('p').textContent)</script>
      """,
      scripts: ["d.js": "log.push('deferred:' + document.readyState)", "e.js": "log.push('external')"])
    XCTAssertEqual(
      try page.global("log"),
      "inline:loading,microtask,external,sees:text,deferred:interactive,DOMContentLoaded:interactive,"
        + "load:complete,timer")
    XCTAssertEqual(page.fetched, ["d.js", "e.js"])
    XCTAssertEqual(page.errors, [])
  }

  func testAnErrorIsReportedWithPagePositionsAndLoadingGoesOn() throws {
    let page = try LoadedPage(
      """
      <!doctype html><body>
      <script>var seen = [];
      addEventListener('error', e => seen.push(e.lineno + ':' + e.colno + ':' + (e.error instanceof TypeError)));
        null.x;</script>
      <script src=missing.js onerror="seen.push('fetch failed')"></script>
      <script>seen.push('went on'); setTimeout(() => { throw new RangeError('late') }, 0);
      setTimeout(() => seen.push('after the throwing timer'), 5);
      Promise.reject(new Error('nobody handles me'));</script>
      """)
    XCTAssertEqual(try page.global("seen"), "4:8:true,fetch failed,went on,6:56:false,after the throwing timer")
    XCTAssertEqual(page.errors.count, 4, "\(page.errors)")
    XCTAssertTrue(page.errors[0].hasPrefix("TypeError: "), page.errors[0])
    XCTAssertTrue(page.errors[0].contains("page.html:4:8"), page.errors[0])
    XCTAssertTrue(page.errors[1].contains("missing.js"), page.errors[1])
    XCTAssertTrue(page.errors.contains { $0.hasPrefix("(in promise) Error: nobody handles me") }, "\(page.errors)")
    XCTAssertTrue(page.errors.contains { $0.hasPrefix("RangeError: late") }, "\(page.errors)")
  }

  func testScriptTypesAndDOMParser() throws {
    let page = try LoadedPage(
      """
      <script>var ran = []</script>
      <script type="text/plain">ran.push('data block')</script>
      <script type=" TEXT/JavaScript ">ran.push('classic')</script>
      <script language="javascript">ran.push('language')</script>
      <script nomodule>ran.push('nomodule')</script>
      <script type=module>ran.push('module:' + document.readyState)</script>
      <script>
        const parsed = new DOMParser().parseFromString('<title>t</title><script>ran.push("inert")<\\/script><p>x', 'text/html');
        ran.push(parsed.title, parsed.head.lastChild.textContent, parsed.body.innerHTML, parsed instanceof Document,
          parsed !== document);
        try { new DOMParser().parseFromString('', 'text/nope') } catch (e) { ran.push(e.name) }
      </script>
      """)
    XCTAssertEqual(
      try page.global("ran"),
      "classic,language,t,ran.push(\"inert\"),<p>x</p>,true,true,TypeError,module:interactive")
  }

  func testTheParsedTreeSurvivesCollectionUnderGCStress() throws {
    let rows = (0..<20).map { "<tr><td>\($0)<td><b>x</b>" }.joined()
    let page = try LoadedPage(
      """
      <!doctype html><table id=t>\(rows)</table>
      <script>
        var detached = document.createElement('div');
        detached.innerHTML = '<span>kept</span>';
        var table = document.getElementById('t');
        var inDocument = document.getElementsByTagName('td');
        var inTable = table.getElementsByTagName('td');
        var first = inTable[0];
        table.remove();
        table = null;
      </script>
      <script>var result = [inDocument.length, inTable.length, first === inTable[0], first.textContent,
        first.parentNode.parentNode.parentNode.id, detached.firstChild.textContent].join()</script>
      """, gcStress: true)
    XCTAssertEqual(try page.global("result"), "0,40,true,0,t,kept")
    XCTAssertEqual(page.errors, [])
  }

  func testDeeplyNestedMarkupParsesAndSerializes() throws {
    let depth = 100_000
    let page = try LoadedPage("<!doctype html><body>" + String(repeating: "<div>", count: depth))
    var element = page.realm.document.body
    var count = 0
    while let child = element?.firstElementChild {
      element = child
      count += 1
    }
    XCTAssertEqual(count, depth)
    let serialized = page.document
    XCTAssertEqual(
      serialized.utf8.count, "<!DOCTYPE html><html><head></head><body></body></html>".utf8.count + 11 * depth)
  }

  /// Nodes' Swift storage is charged to the heap through their wrappers: a document that grows
  /// without end meets the heap limit as a RangeError the page can catch, and the page goes on.
  func testAGrowingDocumentMeetsTheHeapLimit() throws {
    let page = try LoadedPage(
      """
      <body><script>
        var outcome = 'no error', chunks = 0;
        const chunk = '<div class=a><p>text</p><span title=x>y</span></div>'.repeat(200);
        try {
          for (let i = 0; i < 100000; i++) {
            const holder = document.createElement('div');
            holder.innerHTML = chunk;
            document.body.append(holder);
            chunks++;
          }
        } catch (e) { outcome = e.name; }
        document.body.textContent = '';
      </script>
      <script>var after = 'went on'</script>
      """, heapLimit: 24 << 20)
    XCTAssertEqual(try page.global("outcome"), "RangeError")
    XCTAssertEqual(try page.global("after"), "went on")
    // Each chunk is 1,001 nodes charged at least 192 bytes each: the limit must have come before
    // the charged bytes passed it (without the charge, wrappers alone allowed ten times more).
    let chunks = try XCTUnwrap(Int(try page.global("chunks")))
    XCTAssertLessThan(chunks * 1001 * 192, 24 << 20)
  }

  /// README's "Embedding" DOM snippet.
  func testTheREADMESnippet() throws {
    let vm = VirtualMachine()
    let realm = try DOMRealm(virtualMachine: vm, context: Context(vm))
    var errors: [String] = []
    realm.reportError = { error in errors.append("\(error)") }
    let request = PageLoadRequest(url: "file:///site/index.html", name: "index.html") { src in
      .failure(PageFetchError("no network here: \(src)"))
    }
    try realm.loadPage(
      "<p id=x>hi</p><script>document.getElementById('x').textContent += '!'</script>", request: request)
    realm.runEventLoop()
    XCTAssertEqual(
      serializeDocument(realm.document),
      "<html><head></head><body><p id=\"x\">hi!</p><script>document.getElementById('x').textContent += '!'</script></body></html>"
    )
    XCTAssertEqual(errors, [])
  }
}
