import Foundation
import TestScheduling
import Testing

@testable import Infrastructure

/// Settings a module declares and reads through ``Settings``: URLs, secret tokens, precedence and bad values.
@Suite(.untimed) struct SettingTests {
  static let url = Setting.httpURL("EXAMPLE_API_URL", meaning: "the Example API", defaultValue: "the demo")
  static let token = Setting.token(["EXAMPLE_TOKEN", "EXAMPLE_FALLBACK_TOKEN"], meaning: "the Example token")
  static let expectation = "an absolute http:// or https:// URL such as https://example.com/api"

  @Test func unsetAndEmptyMeanTheDefault() throws {
    #expect(try Settings(environment: [:]).value(of: Self.url) == nil)
    #expect(try Settings(environment: ["EXAMPLE_API_URL": ""]).value(of: Self.url) == nil)
    let fallback = try #require(URL(string: "https://fallback.example"))
    #expect(try Settings(environment: [:]).value(of: Self.url, default: fallback) == fallback)
  }

  @Test func urlsAreRead() throws {
    let settings = Settings(environment: ["EXAMPLE_API_URL": "http://127.0.0.1:8080/graphql"])
    #expect(try settings.value(of: Self.url)?.absoluteString == "http://127.0.0.1:8080/graphql")
  }

  @Test(arguments: ["ftp://example.com/graphql", "/graphql", "https://", "https://exa mple.com", "example.com"])
  func aBadURLNamesTheVariableTheValueAndTheExpectation(value: String) {
    let error = #expect(throws: ConfigurationError.self) {
      try Settings(environment: ["EXAMPLE_API_URL": value]).value(of: Self.url)
    }
    #expect(
      error?.description
        == "EXAMPLE_API_URL is set to \(String(reflecting: value)), but it must be \(Self.expectation). "
        + "Fix or unset EXAMPLE_API_URL.")
  }

  @Test func anySecretSettingWithholdsTheValueItRejects() {
    let info = SettingInfo(
      variables: ["EXAMPLE_SECRET_URL"], meaning: "a URL with a key in it", values: Self.expectation,
      defaultValue: "none", isSecret: true)
    let secretURL = Setting<URL>(info) { text, variable throws(ConfigurationError) in
      try EnvironmentReader.httpURL(text, variable: variable)
    }
    let environment = ["EXAMPLE_SECRET_URL": "ftp://user:hunter2@example.com"]
    let expected =
      "EXAMPLE_SECRET_URL is set, but it must be \(Self.expectation); its value is secret and not shown. "
      + "Fix or unset EXAMPLE_SECRET_URL."
    let error = #expect(throws: ConfigurationError.self) {
      try Settings(environment: environment).value(of: secretURL)
    }
    #expect(error?.description == expected)
    #expect(SettingInfo.problems(of: [secretURL.info], in: environment).map(\.description) == [expected])
  }

  @Test func aLineBreakIsShownEscaped() {
    let error = #expect(throws: ConfigurationError.self) {
      try Settings(environment: ["EXAMPLE_API_URL": "https://api.example.com\n"]).value(of: Self.url)
    }
    #expect(error?.description.hasPrefix(#"EXAMPLE_API_URL is set to "https://api.example.com\n", but"#) == true)
  }

  @Test func veryLongValuesAreCutShortInMessages() throws {
    let value = "ftp://" + String(repeating: "a", count: 1_000)
    let error = #expect(throws: ConfigurationError.self) {
      try Settings(environment: ["EXAMPLE_API_URL": value]).value(of: Self.url)
    }
    let description = try #require(error?.description)
    #expect(description.count < 400)
    #expect(description.contains("…"))
  }

  @Test func theFirstTokenVariableWinsAndBlankMeansUnset() throws {
    let both = Settings(environment: ["EXAMPLE_TOKEN": "one", "EXAMPLE_FALLBACK_TOKEN": "two"])
    #expect(try both.value(of: Self.token)?.authorizationHeaderValue() == "Bearer one")
    let fallback = Settings(environment: ["EXAMPLE_TOKEN": "", "EXAMPLE_FALLBACK_TOKEN": "two"])
    #expect(try fallback.value(of: Self.token)?.authorizationHeaderValue() == "Bearer two")
    let blank = Settings(environment: ["EXAMPLE_TOKEN": " \n", "EXAMPLE_FALLBACK_TOKEN": "two"])
    #expect(try blank.value(of: Self.token)?.authorizationHeaderValue() == "Bearer two")
    #expect(
      try Settings(environment: ["EXAMPLE_FALLBACK_TOKEN": "three\n"]).value(of: Self.token)?
        .authorizationHeaderValue() == "Bearer three")
    #expect(try Settings(environment: [:]).value(of: Self.token) == nil)
  }

  @Test(arguments: ["secret part", "secret\r\nX-Injected: 1"])
  func aTokenThatWouldInjectHeadersIsRefusedWithoutRepeatingIt(value: String) {
    let error = #expect(throws: ConfigurationError.self) {
      try Settings(environment: ["EXAMPLE_TOKEN": value]).value(of: Self.token)
    }
    #expect(
      error?.description
        == "EXAMPLE_TOKEN holds a token with spaces, line breaks or control characters. "
        + "Set it to the token alone, or unset it.")
  }

  @Test func aTokenIsSecretAndNeverShowsItself() throws {
    #expect(Self.token.info.isSecret)
    #expect(!Self.url.info.isSecret)
    #expect(Self.token.info.variableList == "EXAMPLE_TOKEN, then EXAMPLE_FALLBACK_TOKEN")
    let token = try #require(try Settings(environment: ["EXAMPLE_TOKEN": "SECRET123"]).value(of: Self.token))
    var dumped = ""
    dump(token, to: &dumped)
    for text in ["\(token)", String(reflecting: token), dumped] {
      #expect(!text.contains("SECRET"), "\(text)")
    }
  }
}
