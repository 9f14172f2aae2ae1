import Foundation
import SearchTesting
import TestSupport
import Testing

extension SearchFeatureTests {
  @Suite("Search: JSON output")
  struct SearchJSONTests {
    @Test("search JSON has gh's field names, every field present, and only JSON on stdout")
    func searchSchema() async throws {
      let harness = try await SearchHarness.start(repos: [
        GitHubFakeRepo(
          owner: "apple", name: "swift", description: "The Swift Programming Language", language: "C++",
          stars: 67_000, forks: 10_400, openIssues: 7_000, subscribers: 2_500, updatedAt: "2024-05-01T12:00:00Z"),
        GitHubFakeRepo(owner: "empty", name: "fields", archived: true),
      ])
      let (run, json) = try await harness.searchJSON(["swift"])

      #expect(run.stderr.isEmpty)
      #expect(Set(json.keys) == ["items", "totalCount", "incompleteResults", "source", "stale"])
      #expect(json["totalCount"] as? Int == 2)
      #expect(json["incompleteResults"] as? Bool == false)
      #expect(json["source"] as? String == "network")
      #expect(json["stale"] as? Bool == false)
      let items = try #require(json["items"] as? [[String: Any]])
      let fields: Set<String> = [
        "fullName", "description", "language", "stargazersCount", "forksCount", "openIssuesCount", "watchersCount",
        "url", "updatedAt", "owner", "isArchived", "visibility",
      ]
      #expect(items.allSatisfy { Set($0.keys) == fields })
      let swift = items[0]
      #expect(swift["fullName"] as? String == "apple/swift")
      #expect(swift["description"] as? String == "The Swift Programming Language")
      #expect(swift["language"] as? String == "C++")
      #expect(swift["stargazersCount"] as? Int == 67_000)
      #expect(swift["forksCount"] as? Int == 10_400)
      #expect(swift["openIssuesCount"] as? Int == 7_000)
      #expect(swift["watchersCount"] as? Int == 67_000)
      #expect(swift["url"] as? String == "https://github.com/apple/swift")
      #expect(swift["updatedAt"] as? String == "2024-05-01T12:00:00Z")
      #expect((swift["owner"] as? [String: Any])?["login"] as? String == "apple")
      #expect(swift["isArchived"] as? Bool == false)
      #expect(swift["visibility"] as? String == "public")
      let empty = items[1]
      #expect(empty["description"] is NSNull)
      #expect(empty["language"] is NSNull)
      #expect(empty["isArchived"] as? Bool == true)
      await harness.stop()
    }

    @Test("view JSON has the detail fields, watchers being subscribers_count")
    func viewSchema() async throws {
      let harness = try await SearchHarness.start(repos: [
        GitHubFakeRepo(
          owner: "apple", name: "swift", description: "The Swift Programming Language", language: "C++",
          stars: 67_000, forks: 10_400, openIssues: 7_000, subscribers: 2_500, topics: ["swift", "compiler"],
          license: ("Apache-2.0", "Apache License 2.0"))
      ])
      let run = try await harness.run(["search", "view", "apple/swift", "--json"])
      let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])

      #expect(run.status == 0 && run.stderr.isEmpty)
      #expect(
        Set(json.keys) == [
          "fullName", "description", "language", "stargazersCount", "watchersCount", "forksCount", "openIssuesCount",
          "topics", "license", "url", "updatedAt", "owner", "isArchived", "visibility", "source", "stale",
          "relatedCourses", "viewerHasStarred", "starWaitsForGitHub", "viewerStarUnknown",
        ])
      #expect(json["watchersCount"] as? Int == 2_500)
      #expect(json["stargazersCount"] as? Int == 67_000)
      #expect(json["topics"] as? [String] == ["swift", "compiler"])
      let license = try #require(json["license"] as? [String: Any])
      #expect(license["name"] as? String == "Apache License 2.0")
      #expect(license["spdxId"] as? String == "Apache-2.0")
      #expect(json["source"] as? String == "network")
      await harness.stop()
    }
  }
}
