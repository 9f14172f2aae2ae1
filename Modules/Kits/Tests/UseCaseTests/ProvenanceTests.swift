import Foundation
import Repository
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct ProvenanceTests {
  static let earlier = Date(timeIntervalSince1970: 1_000)
  static let later = Date(timeIntervalSince1970: 2_000)

  @Test func aStoreResponseSaysWhereItCameFrom() {
    let fetched = Provenance(StoreResponse(value: 1, source: .network, fetchedAt: Self.later, isStale: false))
    #expect(fetched == Provenance(source: .network, fetchedAt: Self.later, isStale: false))
    let cached = Provenance(StoreResponse(value: "x", source: .cache, fetchedAt: Self.earlier, isStale: true))
    #expect(cached == Provenance(source: .cache, fetchedAt: Self.earlier, isStale: true))
    let waiting = Provenance(
      StoreResponse(value: true, source: .cache, fetchedAt: Self.later, isStale: false, waitsForOrigin: true))
    #expect(waiting == Provenance(source: .cache, fetchedAt: Self.later, waitsForOrigin: true))
    #expect(!fetched.waitsForOrigin && !cached.waitsForOrigin)
  }

  @Test func ageIsNeverNegative() {
    let provenance = Provenance(source: .cache, fetchedAt: Self.later)
    #expect(provenance.age(at: Self.later.addingTimeInterval(90)) == 90)
    #expect(provenance.age(at: Self.earlier) == 0)
  }

  @Test func theSourceEncodesAsTheJSONWord() throws {
    let encoded = try JSONEncoder().encode([DataSource.network, .cache])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["network","cache"]"#)
  }
}
