import Foundation
import TestScheduling
import Testing

@testable import Infrastructure

@Suite(.untimed) struct ConfigurationAccessTokenTests {
  private static let secret = "ghp_SECRET0123456789abcdefABCDEF"
  private let token = AccessToken(Self.secret)

  private func expectRedacted(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!text.contains("SECRET"), "\(text)", sourceLocation: sourceLocation)
    #expect(!text.contains("ghp_"), "\(text)", sourceLocation: sourceLocation)
    #expect(!text.contains("0123456789"), "\(text)", sourceLocation: sourceLocation)
  }

  @Test func descriptionsAreRedacted() throws {
    let token = try #require(token)
    #expect(token.description == "<redacted token>")
    #expect(token.debugDescription == "<redacted token>")
    #expect("\(token)" == "<redacted token>")
    #expect(String(reflecting: token) == "<redacted token>")
    expectRedacted(String(describing: Optional(token)))
    expectRedacted("\([token])")
  }

  @Test func dumpAndMirrorAreRedacted() throws {
    let token = try #require(token)
    var dumped = ""
    dump(token, to: &dumped)
    expectRedacted(dumped)
    #expect(dumped.contains("<redacted token>"))
    #expect(Mirror(reflecting: token).children.isEmpty)

    struct Holder { let token: AccessToken? }
    var holderDump = ""
    dump(Holder(token: token), to: &holderDump)
    expectRedacted(holderDump)
    expectRedacted(String(describing: Holder(token: token)))
  }

  @Test func encodingIsRedacted() throws {
    let token = try #require(token)
    struct Payload: Encodable { let token: AccessToken }
    let json = String(decoding: try JSONEncoder().encode(Payload(token: token)), as: UTF8.self)
    #expect(json == #"{"token":"<redacted token>"}"#)
  }

  @Test func onlyTheAuthorizationHeaderCarriesTheSecret() throws {
    #expect(token?.authorizationHeaderValue() == "Bearer \(Self.secret)")
  }

  @Test(arguments: ["", "two words", "line\nbreak", "tab\there", "nul\u{0}", "del\u{7F}", "nbsp\u{A0}x"])
  func unusableTokensAreRejected(raw: String) {
    #expect(AccessToken(raw) == nil)
  }
}
