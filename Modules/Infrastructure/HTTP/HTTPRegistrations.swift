import DI
import Foundation

extension Name {
  /// The GitHub REST API origin.
  public static let github = Name("github")
  /// The Courses GraphQL origin.
  public static let courses = Name("courses")
  /// A stand-in origin bundled with the app, used when no real one is configured.
  public static let demo = Name("demo")
}

extension InfrastructureAssembly {
  /// Registers the shared HTTP client and one client per origin, each with its base URL and headers.
  ///
  /// The shared client trusts the CAs named by `SSL_CERT_FILE` / `SSL_CERT_DIR` and uses the proxies named by
  /// `HTTPS_PROXY`, `http_proxy`, `NO_PROXY` and their kin, all read from ``environment``.
  func registerHTTP(into registrar: Registrar) {
    let environment = environment
    registrar.register((any HTTPClient).self, scope: .singleton) { r in
      let configuration = try r.resolve(AppConfiguration.self)
      return CurlHTTPClient(
        configuration: .init(
          timeout: configuration.httpTimeout, userAgent: AppInfo.userAgent,
          trust: try TLSTrust(environment: environment), proxy: HTTPProxySettings(environment: environment)))
    }
    registrar.register(RESTClient.self, name: .github, scope: .singleton) { r in
      let configuration = try r.resolve(AppConfiguration.self)
      var headers: HTTPHeaders = [
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": AppInfo.userAgent,
      ]
      if let token = configuration.gitHubToken {
        headers["Authorization"] = token.authorizationHeaderValue()
      }
      return RESTClient(
        http: try r.resolve((any HTTPClient).self), baseURL: configuration.gitHubAPIURL, defaultHeaders: headers,
        keyDecoding: .convertFromSnakeCase)
    }
    // With COURSES_API_URL set, GraphQL goes over HTTP; without it, through the transport registered as
    // `.demo` (the repository layer registers the bundled demo catalog under that name).
    registrar.register(GraphQLClient.self, name: .courses, scope: .singleton) { r in
      let configuration = try r.resolve(AppConfiguration.self)
      guard let endpoint = configuration.coursesAPIURL else {
        return GraphQLClient(transport: try r.resolve((any GraphQLTransport).self, name: .demo))
      }
      let transport = HTTPGraphQLTransport(
        http: try r.resolve((any HTTPClient).self), endpoint: endpoint, headers: ["User-Agent": AppInfo.userAgent])
      return GraphQLClient(transport: transport)
    }
  }
}
