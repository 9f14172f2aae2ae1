import FeatureKit
import Foundation
import TestScheduling
import Testing

/// `--json` output as a user reads it: every command's JSON goes through ``JSONOutput``.
@Suite(.untimed) struct JSONOutputTests {
  @Test func anEmptyListIsTwoBrackets() throws {
    #expect(try JSONOutput.text([String]()) == "[]\n")
  }

  @Test func emptyListsAndObjectsInsideAResultAreClosedUp() throws {
    struct Result: Encodable {
      let items: [Int]
      let labels: [String: String]
      let nested: [[Int]]
      let related: [String]?
      let title: String
    }
    let text = try JSONOutput.text(
      Result(items: [], labels: [:], nested: [[], [1]], related: [], title: "keeps [\n\n] and {\n} as text"))
    #expect(
      text == """
        {
          "items" : [],
          "labels" : {},
          "nested" : [
            [],
            [
              1
            ]
          ],
          "related" : [],
          "title" : "keeps [\\n\\n] and {\\n} as text"
        }

        """)
  }

  @Test func aListWithItemsIsPrintedAsBefore() throws {
    #expect(try JSONOutput.text(["a", "b"]) == "[\n  \"a\",\n  \"b\"\n]\n")
    #expect(try JSONOutput.text(["[ ]": "{ }"]) == "{\n  \"[ ]\" : \"{ }\"\n}\n")
  }
}

@Suite(.untimed) struct KeepsNullTests {
  struct Row: Encodable {
    let name: String
    @KeepsNull var note: String?
    @KeepsNull var at: Date?
    var omitted: String?
  }

  @Test func anAbsentMarkedFieldIsWrittenAsNullAndAPresentOneAsItsValue() throws {
    #expect(
      try JSONOutput.text(Row(name: "a", note: nil, at: nil, omitted: nil))
        == "{\n  \"at\" : null,\n  \"name\" : \"a\",\n  \"note\" : null\n}\n")
    #expect(
      try JSONOutput.text(Row(name: "a", note: "n", at: Date(timeIntervalSince1970: 0), omitted: "o"))
        == "{\n  \"at\" : \"1970-01-01T00:00:00Z\",\n  \"name\" : \"a\",\n  \"note\" : \"n\",\n  \"omitted\" : \"o\"\n}\n"
    )
  }
}
