/// Computes SHA-256 digests (FIPS 180-4) without a dependency.
///
/// Data kept per token is keyed by the token's digest, never by the token itself, so the token never reaches the
/// database. The digest is the same on every platform and in every run.
public enum SHA256Digest {
  /// The 32-byte digest of `data`.
  public static func hash(_ data: some Sequence<UInt8>) -> [UInt8] {
    var state = State()
    for byte in data {
      state.append(byte)
    }
    return state.finish()
  }

  /// The digest of the UTF-8 bytes of `text` as 64 lowercase hexadecimal digits.
  public static func hex(_ text: String) -> String {
    var digits: [UInt8] = []
    digits.reserveCapacity(64)
    for byte in hash(text.utf8) {
      digits.append(hexDigits[Int(byte >> 4)])
      digits.append(hexDigits[Int(byte & 0x0f)])
    }
    return String(decoding: digits, as: UTF8.self)
  }

  /// The ASCII digits of one nibble, lowercase.
  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// The initial hash value: the first 32 bits of the fractional parts of the square roots of the first 8 primes.
  private static let initialHash: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]

  /// The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// The running hash of a message read one byte at a time, 512-bit block by block.
  private struct State {
    /// The intermediate hash value, H0 to H7.
    private var words = SHA256Digest.initialHash
    /// The bytes read since the last full block.
    private var block: [UInt8] = []
    /// The message schedule, W0 to W63, kept to reuse its storage.
    private var schedule = [UInt32](repeating: 0, count: 64)
    /// How many bytes of the message were read.
    private var length: UInt64 = 0

    init() {
      block.reserveCapacity(64)
    }

    /// Reads the next byte of the message, hashing each block once it is full.
    mutating func append(_ byte: UInt8) {
      block.append(byte)
      length &+= 1
      if block.count == 64 {
        compressBlock()
      }
    }

    /// Pads the message (a one bit, zeros, then its length in bits as 64 bits big-endian, to a multiple of 512
    /// bits), hashes what is left and returns the digest, H0 to H7 big-endian.
    mutating func finish() -> [UInt8] {
      let bitLength = length &<< 3
      block.append(0x80)
      if block.count > 56 {
        block.append(contentsOf: repeatElement(0, count: 64 - block.count))
        compressBlock()
      }
      block.append(contentsOf: repeatElement(0, count: 56 - block.count))
      for shift in stride(from: 56, through: 0, by: -8) {
        block.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
      }
      compressBlock()
      var digest: [UInt8] = []
      digest.reserveCapacity(32)
      for word in words {
        for shift in stride(from: 24, through: 0, by: -8) {
          digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
        }
      }
      return digest
    }

    /// Hashes the full 64-byte block into the intermediate hash value and empties it.
    private mutating func compressBlock() {
      for t in 0..<16 {
        schedule[t] =
          UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16 | UInt32(block[4 * t + 2]) << 8
          | UInt32(block[4 * t + 3])
      }
      for t in 16..<64 {
        let s0 = rotateRight(schedule[t - 15], 7) ^ rotateRight(schedule[t - 15], 18) ^ (schedule[t - 15] >> 3)
        let s1 = rotateRight(schedule[t - 2], 17) ^ rotateRight(schedule[t - 2], 19) ^ (schedule[t - 2] >> 10)
        schedule[t] = s1 &+ schedule[t - 7] &+ s0 &+ schedule[t - 16]
      }

      var a = words[0]
      var b = words[1]
      var c = words[2]
      var d = words[3]
      var e = words[4]
      var f = words[5]
      var g = words[6]
      var h = words[7]
      for t in 0..<64 {
        let sigma1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
        let choice = (e & f) ^ (~e & g)
        let t1 = h &+ sigma1 &+ choice &+ SHA256Digest.roundConstants[t] &+ schedule[t]
        let sigma0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let t2 = sigma0 &+ majority
        h = g
        g = f
        f = e
        e = d &+ t1
        d = c
        c = b
        b = a
        a = t1 &+ t2
      }
      words[0] &+= a
      words[1] &+= b
      words[2] &+= c
      words[3] &+= d
      words[4] &+= e
      words[5] &+= f
      words[6] &+= g
      words[7] &+= h
      block.removeAll(keepingCapacity: true)
    }

    /// `x` rotated right by `n` bits, 0 < `n` < 32.
    private func rotateRight(_ x: UInt32, _ n: UInt32) -> UInt32 {
      (x >> n) | (x << (32 - n))
    }
  }
}
