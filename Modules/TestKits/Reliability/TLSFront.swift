import Foundation
import TestSupport

/// What stands in front of a ``FaultServer`` for a TLS fault: an https address whose certificate or handshake is
/// wrong in the fault's way, and the settings a run needs to meet it.
struct TLSFront {
  /// The https base URL the app is pointed at.
  let baseURL: URL
  /// `SSL_CERT_FILE` when the fault is not the trust itself, so that the run meets the fault and nothing else.
  let environment: [String: String]
  private let authority: TestCertificateAuthority?
  private let origin: TLSOrigin?
  private let staller: StallingTLSServer?

  /// Starts the front for `fault` in front of the server on 127.0.0.1:`port`; `nil` when `fault` is not a TLS one.
  static func start(for fault: Fault, backendPort port: UInt16) async throws -> TLSFront? {
    guard fault.isTLS else { return nil }
    if fault == .tlsHandshakeStall {
      let staller = try StallingTLSServer.start()
      return TLSFront(baseURL: staller.baseURL, environment: [:], authority: nil, origin: nil, staller: staller)
    }
    let authority = try await TestCertificateAuthority.make()
    let identity =
      switch fault {
      case .expiredCertificate: authority.expired
      case .wrongHostCertificate: authority.wrongHost
      default: authority.server
      }
    do {
      let origin = try await TLSOrigin.start(identity: identity, backendPort: port)
      let trust = fault == .untrustedCertificate ? [:] : ["SSL_CERT_FILE": authority.caFile.path]
      return TLSFront(baseURL: origin.baseURL, environment: trust, authority: authority, origin: origin, staller: nil)
    } catch {
      authority.remove()
      throw error
    }
  }

  /// Stops what runs and removes the certificates.
  func stop() {
    origin?.stop()
    staller?.stop()
    authority?.remove()
  }
}
