import CurlShim
import Foundation

/// One libcurl easy handle and the response it collects.
///
/// Created, driven and released on the curl thread only. libcurl's callbacks reach it through an
/// unretained pointer; `CurlWorker` keeps it alive while its handle is attached to the multi handle.
final class CurlTransfer {
  /// The easy handle.
  let easy: UnsafeMutableRawPointer
  private let job: CurlJob
  private let continuation: CurlMultiLoop.Continuation
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private var headerList: UnsafeMutablePointer<curl_slist>?
  private var body = Data()
  private var fields: [HTTPHeaders.Field] = []
  private var exceededLimit = false

  /// Creates and configures the easy handle. If this throws, the caller resumes `continuation`.
  init(job: CurlJob, continuation: CurlMultiLoop.Continuation) throws(HTTPError) {
    guard let easy = curlshim_easy_init() else {
      throw .transport(code: -1, message: "libcurl could not create a transfer")
    }
    self.easy = easy
    self.job = job
    self.continuation = continuation
    let size = curlshim_error_buffer_size()
    errorBuffer = .allocate(capacity: size)
    errorBuffer.initialize(repeating: 0, count: size)
    try configure()
  }

  deinit {
    curlshim_easy_cleanup(easy)
    curlshim_slist_free_all(headerList)
    errorBuffer.deallocate()
  }

  /// Builds the response, or the error, once libcurl reports the transfer done, and resumes the caller.
  func complete(with code: CURLcode) {
    guard code == CURLE_OK else {
      let text = String(cString: errorBuffer)
      let detail = text.isEmpty ? String(cString: curlshim_easy_strerror(code)) : text
      // OpenSSL's X509 verdict on the peer's chain, which tells an untrusted certificate from an expired one.
      var verifyResult = 0
      _ = curlshim_easy_getinfo_long(easy, CURLINFO_SSL_VERIFYRESULT, &verifyResult)
      var proxyVerifyResult = 0
      _ = curlshim_easy_getinfo_long(easy, CURLINFO_PROXY_SSL_VERIFYRESULT, &proxyVerifyResult)
      finish(
        .failure(
          CurlErrorMapping.error(
            for: code, detail: detail, origin: job.origin, limit: job.maxResponseBytes, exceededLimit: exceededLimit,
            verifyResult: verifyResult, proxy: job.proxyHost.map { ($0, proxyVerifyResult) })
        ))
      return
    }
    var status = 0
    _ = curlshim_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
    var version = 0
    _ = curlshim_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
    finish(
      .success(
        HTTPResponse(
          status: status, headers: HTTPHeaders(fields: fields), body: body, url: job.url,
          httpVersion: Self.httpVersion(curlValue: version))))
  }

  /// The version for a `CURLINFO_HTTP_VERSION` answer, `nil` for 0 (none) or an unknown value.
  static func httpVersion(curlValue: Int) -> HTTPVersion? {
    switch curlValue {
    case CURL_HTTP_VERSION_1_0: return .http10
    case CURL_HTTP_VERSION_1_1: return .http11
    case CURL_HTTP_VERSION_2_0: return .http2
    case CURL_HTTP_VERSION_3: return .http3
    default: return nil
    }
  }

  /// Resumes the caller with `result`. Called exactly once per transfer, by `CurlWorker`.
  func finish(_ result: Result<HTTPResponse, HTTPError>) {
    continuation.resume(returning: result)
  }

  /// Appends body bytes; refuses them (which aborts the transfer) past the size limit.
  fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard body.count + bytes.count <= job.maxResponseBytes else {
      exceededLimit = true
      return 0
    }
    body.append(bytes.assumingMemoryBound(to: UInt8.self))
    return bytes.count
  }

  /// Records one header line; a status line starts a new header block (after 1xx responses).
  fileprivate func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
    let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
      fields.removeAll()
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      fields.append(HTTPHeaders.Field(name: name, value: value))
      if name.caseInsensitiveEquals("Content-Length"), let length = Int(value), length > 0 {
        body.reserveCapacity(min(length, job.maxResponseBytes))
      }
    }
    return bytes.count
  }

  private func configure() throws(HTTPError) {
    try set(CURLOPT_URL, job.url.absoluteString)
    try set(CURLOPT_NOSIGNAL, 1)
    // Redirects are followed by CurlHTTPClient, which strips credentials across origins.
    try set(CURLOPT_FOLLOWLOCATION, 0)
    try set(CURLOPT_PROTOCOLS_STR, "http,https")
    try configureTLSAndProxy()
    try set(CURLOPT_ACCEPT_ENCODING, "")
    try set(CURLOPT_USERAGENT, job.userAgent)
    try set(CURLOPT_CONNECTTIMEOUT_MS, job.connectTimeoutMilliseconds)
    try set(CURLOPT_TIMEOUT_MS, job.timeoutMilliseconds)
    // Refuses a declared Content-Length over the limit before any of the body arrives.
    try check(curlshim_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(job.maxResponseBytes)))
    try check(curlshim_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer))

    let context = Unmanaged.passUnretained(self).toOpaque()
    try check(curlshim_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, curlTransferReceiveBody))
    try check(curlshim_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context))
    try check(curlshim_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, curlTransferReceiveHeader))
    try check(curlshim_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context))

    for line in job.headerLines {
      guard let appended = curlshim_slist_append(headerList, line) else {
        throw .transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "could not build the header list")
      }
      headerList = appended
    }
    try check(curlshim_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList))
    try configureMethodAndBody()
  }

  /// Verification on, the trusted CAs, HTTP/2 through ALPN, and the proxy the client's environment names.
  private func configureTLSAndProxy() throws(HTTPError) {
    try set(CURLOPT_SSL_VERIFYPEER, 1)
    try set(CURLOPT_SSL_VERIFYHOST, 2)
    try set(CURLOPT_PROXY_SSL_VERIFYPEER, 1)
    try set(CURLOPT_PROXY_SSL_VERIFYHOST, 2)
    if let file = job.trust.caFile {
      try set(CURLOPT_CAINFO, file)
      try set(CURLOPT_PROXY_CAINFO, file)
    }
    if let directory = job.trust.caDirectory {
      try set(CURLOPT_CAPATH, directory)
      try set(CURLOPT_PROXY_CAPATH, directory)
    }
    if CurlGlobal.supportsHTTP2 {
      // HTTP/2 when the TLS server offers it through ALPN, HTTP/1.1 otherwise and over plain http.
      try set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
    }
    // Without CURLOPT_PROXY, libcurl reads the proxy variables from the process environment itself.
    if let proxy = job.proxy {
      try set(CURLOPT_PROXY, proxy)
      try set(CURLOPT_NOPROXY, job.noProxy)
    }
  }

  private func configureMethodAndBody() throws(HTTPError) {
    switch job.method {
    case .get where job.body == nil:
      try set(CURLOPT_HTTPGET, 1)
    case .head:
      try set(CURLOPT_NOBODY, 1)
    default:
      let sendsEmptyBody = [HTTPMethod.post, .put, .patch].contains(job.method)
      if let body = job.body ?? (sendsEmptyBody ? Data() : nil) {
        try check(curlshim_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        var placeholder: UInt8 = 0
        let code = body.withUnsafeBytes { bytes in
          let address = bytes.baseAddress ?? withUnsafePointer(to: &placeholder) { UnsafeRawPointer($0) }
          // libcurl copies the bytes before returning.
          return curlshim_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: address))
        }
        try check(code)
      }
      if job.method != .post {
        try set(CURLOPT_CUSTOMREQUEST, job.method.rawValue)
      }
    }
  }

  private func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
    try check(curlshim_easy_setopt_long(easy, option, value))
  }

  private func set(_ option: CURLoption, _ value: String) throws(HTTPError) {
    try check(curlshim_easy_setopt_string(easy, option, value))
  }

  private func check(_ code: CURLcode) throws(HTTPError) {
    guard code == CURLE_OK else {
      throw .transport(code: Int(code.rawValue), message: String(cString: curlshim_easy_strerror(code)))
    }
  }
}

/// libcurl's `CURLOPT_WRITEFUNCTION`: hands body bytes to the transfer in `context`.
private func curlTransferReceiveBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
}

/// libcurl's `CURLOPT_HEADERFUNCTION`: hands one header line to the transfer in `context`.
private func curlTransferReceiveHeader(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
}
