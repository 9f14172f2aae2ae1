import CurlShim

/// Turns libcurl result codes into ``HTTPError`` values.
enum CurlErrorMapping {
  /// Codes that mean the TLS handshake failed for another reason than the peer's certificate or the trust store.
  static let tlsCodes: [CURLcode] = [
    CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND,
    CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED, CURLE_SSL_SHUTDOWN_FAILED,
    CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
    CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
  ]

  /// The error for a transfer that ended with `code`.
  ///
  /// - Parameters:
  ///   - detail: libcurl's error text for the transfer.
  ///   - origin: where the transfer went, to name the peer.
  ///   - limit: the response size limit.
  ///   - exceededLimit: whether the write callback refused the body for being too large.
  ///   - verifyResult: OpenSSL's X509 verification result for the origin (`CURLINFO_SSL_VERIFYRESULT`).
  ///   - proxy: the `https://` proxy's host and verification result (`CURLINFO_PROXY_SSL_VERIFYRESULT`), if one
  ///     was used. Both results start at 0 and become non-zero once that side's handshake begins, so a refusal
  ///     with a non-zero proxy result and an untouched origin result is the proxy's certificate.
  static func error(
    for code: CURLcode, detail: String, origin: HTTPOrigin, limit: Int, exceededLimit: Bool, verifyResult: Int = 0,
    proxy: (host: String, verifyResult: Int)? = nil
  ) -> HTTPError {
    switch code {
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      return .invalidURL(origin.description)
    case CURLE_COULDNT_RESOLVE_HOST:
      return .dnsFailure(host: origin.host)
    case CURLE_COULDNT_CONNECT:
      return .connectionRefused(host: origin.host, port: origin.port)
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(host: origin.host)
    case CURLE_FILESIZE_EXCEEDED:
      return .tooLarge(limit: limit)
    case CURLE_WRITE_ERROR where exceededLimit:
      return .tooLarge(limit: limit)
    case CURLE_PEER_FAILED_VERIFICATION where verifyResult == 0 && (proxy?.verifyResult ?? 0) != 0:
      let result = proxy?.verifyResult ?? 0
      return .proxyCertificate(
        host: proxy?.host ?? "", problem: CertificateProblem(verifyResult: result, detail: detail))
    case CURLE_PEER_FAILED_VERIFICATION:
      return .certificate(host: origin.host, problem: CertificateProblem(verifyResult: verifyResult, detail: detail))
    case CURLE_SSL_CACERT_BADFILE:
      return .trustStoreUnusable(message: detail)
    case _ where tlsCodes.contains(code):
      return .tls(message: detail)
    default:
      return .transport(code: Int(code.rawValue), message: detail)
    }
  }

  /// The error for libcurl's numeric result `rawCode`; see
  /// ``error(for:detail:origin:limit:exceededLimit:verifyResult:proxy:)``.
  static func error(
    rawCode: UInt32, detail: String, origin: HTTPOrigin, limit: Int, exceededLimit: Bool, verifyResult: Int = 0,
    proxy: (host: String, verifyResult: Int)? = nil
  ) -> HTTPError {
    error(
      for: CURLcode(rawValue: rawCode), detail: detail, origin: origin, limit: limit, exceededLimit: exceededLimit,
      verifyResult: verifyResult, proxy: proxy)
  }
}
