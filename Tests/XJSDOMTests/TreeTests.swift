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

final class MarkupTests: XCTestCase {
  func testInnerHTMLParsesAndSerializes() throws {
    let page = try TestPage()
    XCTAssertEqual(
      page.run(
        """
        const div = document.createElement('div');
        div.innerHTML = '<p class=x>a<b>b<i>c</b>d</i><table><td>1</table>&amp;&lt;';
        [div.innerHTML, div.querySelector === undefined, div.firstChild instanceof HTMLParagraphElement].join('|')
        """),
      "<p class=\"x\">a<b>b<i>c</i></b><i>d</i></p><table><tbody><tr><td>1</td></tr></tbody></table>&amp;&lt;|false|true"
    )
  }

  func testInsertAdjacentHTMLAndOuterHTML() throws {
    let page = try TestPage()
    XCTAssertEqual(
      page.run(
        """
        const span = document.createElement('span');
        document.body.appendChild(span);
        span.insertAdjacentHTML('beforebegin', '<em>1</em>');
        span.insertAdjacentHTML('beforeend', '2');
        span.outerHTML = '<s>3</s>';
        document.body.innerHTML
        """), "<em>1</em><s>3</s>")
  }
}

final class CacheTests: XCTestCase {
  /// `:nth-child` positions and `getElementById` come from caches kept per tree version: every
  /// change to the tree or to an attribute must show in the next query.
  func testPositionAndIDCachesFollowMutations() throws {
    let page = try TestPage()
    XCTAssertEqual(
      page.run(
        """
        const list = document.createElement('ul');
        list.innerHTML = '<li id=a>a</li><li id=b>b</li><li id=c>c</li>';
        document.body.append(list);
        const odd = () => Array.from(list.querySelectorAll('li:nth-child(odd)'), (e) => e.id).join('');
        const last = () => list.querySelector('li:nth-last-child(1)').id;
        const results = [odd(), last(), document.getElementById('b').textContent];
        list.prepend(Object.assign(document.createElement('li'), { id: 'z' }));
        results.push(odd(), last());
        document.getElementById('c').remove();
        results.push(odd(), last(), document.getElementById('c'));
        document.getElementById('b').id = 'c';
        results.push(document.getElementById('b'), document.getElementById('c').textContent);
        results.join()
        """), "ac,c,b,zb,c,zb,b,,,b")
  }
}
