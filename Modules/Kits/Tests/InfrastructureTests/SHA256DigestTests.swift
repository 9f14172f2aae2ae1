import Infrastructure
import TestScheduling
import Testing

/// The digest against the FIPS 180-2 examples and, at the lengths where padding needs one or two blocks, against
/// `sha256sum`.
@Suite(.untimed) struct SHA256DigestTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func theStandardVectors(text: String, expected: String) {
    #expect(SHA256Digest.hex(text) == expected)
  }

  @Test func oneMillionA() {
    #expect(
      SHA256Digest.hex(String(repeating: "a", count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// 55 bytes pad within one block, 56 to 63 need a second, 64 fill one exactly and 65 spill into the next.
  @Test(arguments: [
    (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
    (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
    (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
    (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
    (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
  ])
  func lengthsAroundTheBlockBoundary(count: Int, expected: String) {
    #expect(SHA256Digest.hex(String(repeating: "a", count: count)) == expected)
  }

  @Test func theBytesAreThirtyTwoAndMatchTheHex() {
    let bytes = SHA256Digest.hash([0x61, 0x62, 0x63] as [UInt8])
    #expect(bytes.count == 32)
    #expect(bytes.prefix(4) == [0xba, 0x78, 0x16, 0xbf])
    #expect(bytes.last == 0xad)
    #expect(SHA256Digest.hash("abc".utf8) == bytes)
  }
}
