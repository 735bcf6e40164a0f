import Testing
@testable import XJSRegExp

@Test func placeholder() { #expect(Bool(true)) }
