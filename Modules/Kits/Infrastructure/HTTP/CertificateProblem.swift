/// Why a server's TLS certificate was refused.
public enum CertificateProblem: Sendable, Hashable {
  /// No trusted certificate authority vouches for it: it is self-signed, or signed by a private CA
  /// (a company's, or TLS inspection) that is not in the trusted set.
  case untrusted
  /// It is valid, but for another host name than the one in the URL.
  case hostMismatch
  /// Its validity period is over.
  case expired
  /// Its validity period has not started.
  case notYetValid
  /// Verification failed for another reason, described by OpenSSL (revoked, wrong purpose, bad signature...).
  case rejected(reason: String)

  /// The problem for OpenSSL's X509 verification result (`CURLINFO_SSL_VERIFYRESULT`) after libcurl refused
  /// the peer's certificate (`CURLE_PEER_FAILED_VERIFICATION`); `detail` is libcurl's error text.
  ///
  /// libcurl checks the host name itself once the chain has been verified, so a refusal whose chain was
  /// fine (`X509_V_OK`, or libcurl's "not verified yet" marker 1) is a host name mismatch.
  init(verifyResult: Int, detail: String) {
    switch verifyResult {
    case 0, 1, 62:  // X509_V_OK, not verified yet, X509_V_ERR_HOSTNAME_MISMATCH
      self = .hostMismatch
    case 2, 18, 19, 20, 21, 27:
      // UNABLE_TO_GET_ISSUER_CERT, DEPTH_ZERO_SELF_SIGNED_CERT, SELF_SIGNED_CERT_IN_CHAIN,
      // UNABLE_TO_GET_ISSUER_CERT_LOCALLY, UNABLE_TO_VERIFY_LEAF_SIGNATURE, CERT_UNTRUSTED
      self = .untrusted
    case 10:  // X509_V_ERR_CERT_HAS_EXPIRED
      self = .expired
    case 9:  // X509_V_ERR_CERT_NOT_YET_VALID
      self = .notYetValid
    default:
      self = .rejected(reason: detail)
    }
  }

  /// What is wrong, to follow "The certificate of <host>".
  var summary: String {
    switch self {
    case .untrusted: return "is not signed by a trusted CA (it is self-signed or from a private CA)"
    case .hostMismatch: return "is for another host name"
    case .expired: return "has expired"
    case .notYetValid: return "is not valid yet"
    case .rejected(let reason): return "was rejected (\(reason.oneLine))"
    }
  }

  /// What to do about it; `forProxy` when the certificate is the proxy's, named by `HTTPS_PROXY`.
  func advice(forProxy: Bool) -> String {
    switch self {
    case .untrusted:
      return "to trust your CA, set SSL_CERT_FILE to its PEM file, or SSL_CERT_DIR to a directory prepared with "
        + "`openssl rehash`."
    case .hostMismatch where forProxy:
      return "check the host in HTTPS_PROXY (or https_proxy); if it is right, the proxy sends the wrong certificate."
    case .hostMismatch:
      return "check the host in the URL; if it is right, the server (or something in between) sends the wrong "
        + "certificate."
    case .expired, .notYetValid:
      return "check your system clock; if it is right, the server's operator must renew the certificate."
    case .rejected:
      return "the server's operator must fix it; if you set SSL_CERT_FILE or SSL_CERT_DIR, check what they hold."
    }
  }
}
