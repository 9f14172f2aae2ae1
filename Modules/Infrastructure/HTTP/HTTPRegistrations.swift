import DI
import Foundation

extension Name {
  /// A stand-in origin bundled with the app, used when no real one is configured.
  public static let demo = Name("demo")
}

extension InfrastructureAssembly {
  /// Registers the HTTP client every origin shares: one connection pool, the app's timeout and `User-Agent`.
  func registerHTTP(into registrar: Registrar) {
    registrar.register((any HTTPClient).self, scope: .singleton) { r in
      let configuration = try r.resolve(AppConfiguration.self)
      return CurlHTTPClient(
        configuration: .init(timeout: configuration.httpTimeout, userAgent: AppInfo.userAgent))
    }
  }
}
