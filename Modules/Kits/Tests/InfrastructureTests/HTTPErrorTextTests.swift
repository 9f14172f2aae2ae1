import Foundation
import Infrastructure
import TestScheduling
import Testing

/// How an error status reads: one full stop after the server's message, whether or not it brought its own.
@Suite(.untimed) struct HTTPErrorTextTests {
  @Test(arguments: [
    (
      "API rate limit exceeded.", 429,
      "The server answered HTTP 429: API rate limit exceeded. Wait a moment and try again."
    ),
    ("Not Found", 404, "The server answered HTTP 404: Not Found. Check the name or the address."),
    (
      "Down for maintenance!", 503,
      "The server answered HTTP 503: Down for maintenance! The server has a problem; try again later."
    ),
  ])
  func aStatusWithAMessageEndsOneSentence(message: String, code: Int, expected: String) {
    #expect(HTTPError.status(code: code, body: Data(), message: message).description == expected)
  }

  @Test func aStatusWithoutAMessage() {
    #expect(
      HTTPError.status(code: 500, body: Data(), message: nil).description
        == "The server answered HTTP 500. The server has a problem; try again later.")
  }

  @Test func aStatementLeavesTheAdviceToTheCaller() {
    #expect(
      HTTPError.status(code: 429, body: Data(), message: "API rate limit exceeded.").statement
        == "The server answered HTTP 429: API rate limit exceeded.")
    #expect(HTTPError.status(code: 500, body: Data(), message: nil).statement == "The server answered HTTP 500.")
    #expect(HTTPError.cancelled.statement == HTTPError.cancelled.description)
  }
}
