import Foundation

/// A private certificate authority made with the `openssl` command at test time, in a temporary directory, and
/// the server certificates it signed. Call ``remove()`` when done.
///
/// Every key is ECDSA P-256, so making one takes milliseconds.
public struct TestCertificateAuthority: Sendable {
  /// A server's certificate (PEM) and private key (PEM), as files.
  public struct Identity: Sendable {
    /// The certificate file.
    public let certificate: URL
    /// The private key file.
    public let key: URL
  }

  /// The temporary directory holding everything.
  public let directory: URL
  /// The CA's certificate: the value for `SSL_CERT_FILE`.
  public let caFile: URL
  /// A directory holding only the CA's certificate under its subject hash (`openssl rehash`): the value for
  /// `SSL_CERT_DIR`.
  public let caDirectory: URL
  /// A certificate for 127.0.0.1 and localhost (subjectAltName), valid for two days.
  public let server: Identity
  /// A certificate for 127.0.0.1 and localhost that expired in January 2020.
  public let expired: Identity
  /// A certificate for `wrong-host.invalid` only.
  public let wrongHost: Identity

  /// Makes the CA and its certificates in a new temporary directory.
  public static func make() async throws -> TestCertificateAuthority {
    let openssl = try ChildProcess.locate("openssl", package: "openssl")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-ca-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    do {
      let maker = Maker(openssl: openssl, directory: directory)
      return try await maker.make()
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  /// Deletes the temporary directory.
  public func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}

/// The `openssl` invocations behind ``TestCertificateAuthority/make()``.
private struct Maker {
  let openssl: String
  let directory: URL

  func make() async throws -> TestCertificateAuthority {
    let caKey = file("ca.key")
    let caFile = file("ca.pem")
    try await run(
      "req", "-x509", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", caKey.path, "-out", caFile.path, "-days", "2", "-subj", "/CN=ModularApp Test CA",
      "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")

    let loopbackNames = "subjectAltName=IP:127.0.0.1,DNS:localhost"
    let server = try await request("server", commonName: "127.0.0.1")
    try await sign(server, names: loopbackNames, caFile: caFile, caKey: caKey)
    let wrongHost = try await request("wrong-host", commonName: "wrong-host.invalid")
    try await sign(wrongHost, names: "subjectAltName=DNS:wrong-host.invalid", caFile: caFile, caKey: caKey)
    let expired = try await request("expired", commonName: "127.0.0.1")
    try await signExpired(expired, names: loopbackNames, caFile: caFile, caKey: caKey)

    let caDirectory = file("ca-directory")
    try FileManager.default.createDirectory(at: caDirectory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: caFile, to: caDirectory.appendingPathComponent("ca.pem"))
    try await run("rehash", caDirectory.path)

    return TestCertificateAuthority(
      directory: directory, caFile: caFile, caDirectory: caDirectory, server: server, expired: expired,
      wrongHost: wrongHost)
  }

  /// A new key and a certificate signing request for `commonName`; the identity's certificate is not made yet.
  private func request(_ name: String, commonName: String) async throws -> TestCertificateAuthority.Identity {
    let identity = TestCertificateAuthority.Identity(certificate: file("\(name).pem"), key: file("\(name).key"))
    try await run(
      "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", identity.key.path, "-out", file("\(name).csr").path, "-subj", "/CN=\(commonName)")
    return identity
  }

  /// Signs the identity's request for two days, with `names` as subjectAltName.
  private func sign(
    _ identity: TestCertificateAuthority.Identity, names: String, caFile: URL, caKey: URL
  )
    async throws
  {
    let extensions = try write(
      "\(names)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
      to: file(identity.key.deletingPathExtension().lastPathComponent + ".ext"))
    try await run(
      "x509", "-req", "-in", csr(of: identity).path, "-CA", caFile.path, "-CAkey", caKey.path,
      "-set_serial", "\(UInt32.random(in: 1...UInt32.max))", "-days", "2", "-extfile", extensions.path,
      "-out", identity.certificate.path)
  }

  /// Signs the identity's request for one day in January 2020, through `openssl ca`, which takes explicit dates.
  private func signExpired(
    _ identity: TestCertificateAuthority.Identity, names: String, caFile: URL, caKey: URL
  ) async throws {
    let database = try write("", to: file("index.txt"))
    let serial = try write("1000\n", to: file("serial"))
    let configuration = try write(
      """
      [ca]
      default_ca = test_ca
      [test_ca]
      database = \(database.path)
      new_certs_dir = \(directory.path)
      serial = \(serial.path)
      default_md = sha256
      policy = any
      unique_subject = no
      [any]
      commonName = supplied
      [server]
      \(names)
      basicConstraints = CA:FALSE
      extendedKeyUsage = serverAuth

      """, to: file("ca.cnf"))
    try await run(
      "ca", "-batch", "-notext", "-config", configuration.path, "-extensions", "server", "-cert", caFile.path,
      "-keyfile", caKey.path, "-in", csr(of: identity).path, "-startdate", "20200101000000Z",
      "-enddate", "20200102000000Z", "-out", identity.certificate.path)
  }

  private func csr(of identity: TestCertificateAuthority.Identity) -> URL {
    identity.key.deletingPathExtension().appendingPathExtension("csr")
  }

  private func file(_ name: String) -> URL {
    directory.appendingPathComponent(name)
  }

  private func write(_ text: String, to url: URL) throws -> URL {
    try Data(text.utf8).write(to: url)
    return url
  }

  private func run(_ arguments: String...) async throws {
    try await ChildProcess.run(openssl, arguments: arguments, logFile: file("openssl.log"))
  }
}
