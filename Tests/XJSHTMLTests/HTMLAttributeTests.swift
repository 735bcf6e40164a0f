import XCTest

@testable import XJSHTML

final class HTMLAttributeTests: XCTestCase {
  func testQualifiedNameJoinsPrefixAndLocalName() {
    XCTAssertEqual(
      HTMLAttribute(localName: "href", prefix: "xlink", namespace: .xlink, value: "#a").qualifiedName, "xlink:href")
    XCTAssertEqual(HTMLAttribute(localName: "id", value: "a").qualifiedName, "id")
  }
}
