import FlyingSocks
import Foundation

/// A `Data` value as an async byte sequence handed out in chunks, for chunked responses.
struct DataChunks: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8

  let data: Data

  func makeAsyncIterator() -> Iterator {
    Iterator(data: data, offset: data.startIndex)
  }

  /// Walks the data front to back.
  struct Iterator: AsyncBufferedIteratorProtocol {
    let data: Data
    var offset: Data.Index

    mutating func next() async -> UInt8? {
      guard offset < data.endIndex else { return nil }
      defer { offset += 1 }
      return data[offset]
    }

    mutating func nextBuffer(suggested count: Int) async -> Data? {
      guard offset < data.endIndex else { return nil }
      let end = Swift.min(offset + Swift.max(1, count), data.endIndex)
      defer { offset = end }
      return data[offset..<end]
    }
  }
}
