import Foundation
import Infrastructure
import Repository

/// The Search feature's settings: the environment variables it reads, and how long its data stays fresh.
public enum SearchSettings {
  /// How long searched and viewed repos, and whether they are starred, stay fresh in the cache.
  public static let timeToLive = Duration.seconds(10 * 60)

  /// The GitHub API used when `GITHUB_API_URL` is unset.
  public static let defaultAPIURL =
    URL(string: "https://api.github.com") ?? URL(fileURLWithPath: "/")  // The literal is valid; `??` only types it.

  /// `GITHUB_API_URL`: the GitHub REST API's base URL.
  public static let apiURL = Setting.httpURL(
    "GITHUB_API_URL", meaning: "the GitHub REST API", defaultValue: defaultAPIURL.absoluteString)

  /// The host of the web pages of the GitHub whose API is `apiURL`: github.com for api.github.com, the same host
  /// for GitHub Enterprise Server (`https://<host>/api/v3`).
  public static func webHost(of apiURL: URL) -> String {
    let host = (apiURL.host ?? "").lowercased()
    return host == "api.github.com" ? "github.com" : host
  }

  /// `GH_TOKEN`, then `GITHUB_TOKEN`: the GitHub token, a secret.
  public static let token = Setting.token(
    ["GH_TOKEN", "GITHUB_TOKEN"],
    meaning: "GitHub token; sent only to GITHUB_API_URL, only over https (or http to loopback), never printed")

  /// Every setting, for `app help settings`, `app --help` and the README.
  public static let all = [apiURL.info, token.info]
}
