import Infrastructure
import TestScheduling
import Testing

@Suite("Certificate error descriptions", .untimed)
struct CertificateDescriptionTests {
  @Test("each is one line within the 300 characters the presenters show, and says what to do")
  func fitOnScreen() {
    let host = "courses-api.internal.example.com"
    let problems: [CertificateProblem] = [.untrusted, .hostMismatch, .expired, .notYetValid, .rejected(reason: "x")]
    for problem in problems {
      for error in [
        HTTPError.certificate(host: host, problem: problem), .proxyCertificate(host: host, problem: problem),
      ] {
        #expect(error.description.count <= 300, "\(error.description.count) characters: \(error)")
        #expect(!error.description.contains("\n"))
        #expect(error.description.contains(host))
      }
    }
    #expect(HTTPError.certificate(host: host, problem: .untrusted).description.contains("SSL_CERT_DIR"))
    #expect(HTTPError.proxyCertificate(host: host, problem: .hostMismatch).description.contains("HTTPS_PROXY"))
  }
}
