import Foundation
import Infrastructure
import TestScheduling
import Testing

/// What an error body says, however much of the shape a server follows.
@Suite(.untimed) struct HTTPErrorBodyTests {
  func body(_ json: String) -> HTTPErrorBody? {
    HTTPErrorBody(decoding: Data(json.utf8))
  }

  @Test func theMessageComesFirstThenTheFirstMessageOfErrors() {
    #expect(body(#"{"message": "Not Found", "documentation_url": "https://docs.test"}"#)?.serverMessage == "Not Found")
    #expect(body(#"{"errors": [{"path": ["a"]}, {"message": "boom"}, {"message": "later"}]}"#)?.serverMessage == "boom")
    #expect(body(#"{"message": "", "errors": [{"message": "from errors"}]}"#)?.serverMessage == "from errors")
    #expect(body(#"{"message": "", "errors": []}"#)?.serverMessage == nil)
  }

  @Test func aBodyThatIsNoJSONObjectIsNoErrorBody() {
    #expect(body("database on fire") == nil)
    #expect(body(#"["message"]"#) == nil)
    #expect(body("{}") == HTTPErrorBody(message: nil))
  }

  @Test func entriesAreReadLeniently() {
    let mixed = body(
      #"{"message": 42, "errors": ["plain text", {"field": "q", "code": "invalid", "resource": "Issue"}, 7, "#
        + #"{"message": "m", "code": 3}]}"#)
    #expect(mixed?.message == nil)
    #expect(
      mixed?.errors == [
        HTTPErrorBody.Entry(message: "plain text"), HTTPErrorBody.Entry(field: "q", code: "invalid"),
        HTTPErrorBody.Entry(message: "m"),
      ])
    #expect(mixed?.serverMessage == "plain text")
    #expect(body(#"{"message": "x", "errors": {"message": "not a list"}}"#)?.errors == nil)
  }

  @Test func requireSuccessTakesTheBodysMessage() throws {
    let url = try #require(URL(string: "https://api.test/x"))
    let graphQL = Data(#"{"data": null, "errors": [{"message": "the catalog is being rebuilt"}]}"#.utf8)
    #expect(throws: HTTPError.status(code: 503, body: graphQL, message: "the catalog is being rebuilt")) {
      try HTTPResponse(status: 503, body: graphQL, url: url).requireSuccess()
    }
    #expect(throws: Never.self) { try HTTPResponse(status: 204, url: url).requireSuccess() }
  }
}
