import DI
import Foundation

extension Name {
  /// A stand-in origin bundled with the app, used when no real one is configured.
  public static let demo = Name("demo")
}

extension InfrastructureAssembly {
  /// Registers the HTTP client every origin shares: one connection pool, the app's timeout and `User-Agent`.
  ///
  /// It trusts the CAs named by `SSL_CERT_FILE` / `SSL_CERT_DIR` and uses the proxies named by `HTTPS_PROXY`,
  /// `http_proxy`, `NO_PROXY` and their kin, all read from ``environment``.
  func registerHTTP(into registrar: Registrar) {
    let environment = environment
    registrar.register((any HTTPClient).self, scope: .singleton) { r in
      let configuration = try r.resolve(AppConfiguration.self)
      // A bad SSL_CERT_FILE or SSL_CERT_DIR matters only to https: the client reports it on the first https
      // request, and plain http (a loopback origin) works.
      let trust: TLSTrust
      do throws(ConfigurationError) {
        trust = try TLSTrust(environment: environment)
      } catch {
        trust = .unusable(error)
      }
      return CurlHTTPClient(
        configuration: .init(
          timeout: configuration.httpTimeout, userAgent: AppInfo.userAgent, trust: trust,
          proxy: HTTPProxySettings(environment: environment)))
    }
  }
}
