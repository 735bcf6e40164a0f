import XCTest
import XJS

@testable import XJSDOM

final class TreeTests: XCTestCase {
  func testBasicTreeOperations() throws {
    let page = try TestPage()
    XCTAssertEqual(
      page.run(
        """
        const div = document.createElement('div');
        div.id = 'a';
        div.appendChild(document.createTextNode('hi'));
        document.body.appendChild(div);
        [div instanceof HTMLDivElement, div instanceof Element, div instanceof Node, div instanceof EventTarget,
         document.getElementById('a') === div, div.firstChild.data, document.body.innerHTML,
         div.parentNode === document.body, document.body.childNodes.length, div.tagName].join()
        """), "true,true,true,true,true,hi,<div id=\"a\">hi</div>,true,1,DIV")
  }
}
