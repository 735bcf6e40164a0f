import Testing
@testable import XJSSyntax

@Test func placeholder() { #expect(Bool(true)) }
