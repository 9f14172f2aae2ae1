#if FEATURE_SEARCH
  import Reliability
  import SearchTesting
  import TestSupport

  /// A loopback GitHub whose searches are held until the test releases them: a search that does not answer while
  /// the app runs, with no clock involved. The app's HTTP timeout is a minute, so only the app's own wait ends it.
  struct SilentGitHub {
    let github: GitHubFakeServer
    let home: AppHome
    private let gate = ArrivalGate(expected: 2, patience: .seconds(120))

    /// Starts the server, with a fresh APP_HOME labelled `label`.
    static func start(label: String) async throws -> SilentGitHub {
      let silent = SilentGitHub(github: try await GitHubFakeServer.start(), home: AppHome(label: label))
      let (github, gate) = (silent.github, silent.gate)
      github.loopback.route("GET", "/search/repositories") { request in
        _ = await gate.arriveAndWait()
        return github.searchResponse(for: request)
      }
      return silent
    }

    /// The environment of a run against it.
    var environment: [String: String] {
      ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "APP_HTTP_TIMEOUT": "60"]
    }

    /// How many searches it holds.
    var heldSearches: Int {
      get async { await gate.arrivals }
    }

    /// Lets the held search go, stops the server and removes the home.
    func stop() async {
      _ = await gate.arriveAndWait()
      await github.stop()
      home.remove()
    }
  }
#endif
