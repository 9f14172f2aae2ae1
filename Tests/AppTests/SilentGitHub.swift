#if FEATURE_SEARCH
  import Reliability
  import SearchTesting
  import TestSupport

  /// A loopback GitHub whose searches are held until the test releases them: a search that does not answer while
  /// the app runs, with no clock involved. The app's HTTP timeout is a minute, so only the app's own wait ends it.
  ///
  /// Whether a search reaches it before the app stops waiting depends on the machine's speed, so what a test asserts
  /// must hold either way: none or one arrived, and no answer was ever sent while the app ran.
  struct SilentGitHub {
    let github: GitHubFakeServer
    let home: AppHome
    private let hold = RequestHold()

    /// Starts the server, with a fresh APP_HOME labelled `label`.
    static func start(label: String) async throws -> SilentGitHub {
      let silent = SilentGitHub(github: try await GitHubFakeServer.start(), home: AppHome(label: label))
      let (github, hold) = (silent.github, silent.hold)
      github.loopback.route("GET", "/search/repositories") { request in
        await hold.wait()
        return github.searchResponse(for: request)
      }
      return silent
    }

    /// The environment of a run against it.
    var environment: [String: String] {
      ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "APP_HTTP_TIMEOUT": "60"]
    }

    /// How many searches have reached it: each is held until ``stop()``.
    var heldSearches: Int {
      get async { await hold.arrivals }
    }

    /// Lets the held searches go, stops the server and removes the home.
    func stop() async {
      await hold.release()
      await github.stop()
      home.remove()
    }
  }
#endif
