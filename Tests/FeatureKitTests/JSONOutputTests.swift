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
