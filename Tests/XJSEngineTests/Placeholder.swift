import Testing
@testable import XJSEngine

@Test func placeholder() { #expect(Bool(true)) }
