import Foundation
import Infrastructure
import TestScheduling
import Testing

@testable import Repository

/// Every kit error a use case can meet, classified once, with the text its kind carries.
@Suite(.untimed) struct DataFailureTests {
  @Test func aCacheMissIsNotCachedWhateverItsKey() {
    #expect(DataFailure(StoreError.notCached(key: "courses.recent")) == .notCached)
    #expect(DataFailure(StoreError.notCached(key: "search.repos")) == .notCached)
  }

  @Test func theStoragesAndTheSettingsErrorsKeepTheirOwnText() {
    let readOnly = StorageError.readOnly(path: "/tmp/app.sqlite")
    #expect(DataFailure(readOnly) == .storage(readOnly.description))
    let setting = ConfigurationError.invalidValue(variable: "COURSES_API_URL", value: "x", expected: "a URL")
    #expect(DataFailure(setting) == .configuration("\(setting)"))
    let trust = ConfigurationError.invalidValue(variable: "SSL_CERT_FILE", value: "/nope", expected: "a PEM file")
    #expect(DataFailure(HTTPError.trustSetting(trust)) == .configuration(trust.description))
    #expect(DataFailure(GraphQLError.http(.trustSetting(trust))) == .configuration(trust.description))
  }

  @Test func anOriginThatFailedOrIsBusyIsSaidWithoutTheHTTPLayersAdvice() {
    let down = HTTPError.status(code: 503, body: Data(), message: "down for maintenance")
    #expect(DataFailure(down) == .originFailed("The server answered HTTP 503: down for maintenance."))
    let busy = HTTPError.status(code: 429, body: Data(), message: nil)
    #expect(DataFailure(GraphQLError.http(busy)) == .originFailed("The server answered HTTP 429."))
    let server = GraphQLError.server([GraphQLServerError(message: "resolver failed")])
    #expect(DataFailure(server) == .originFailed("\(server)"))
  }

  @Test func anAnswerTheAppCannotUseAndAnOriginNotReachedAreToldApart() {
    let decoding = GraphQLError.decoding(type: "Answer", detail: "expected String at data.name")
    #expect(DataFailure(decoding) == .originUnusable("\(decoding)"))
    let notFound = GraphQLError.http(.status(code: 404, body: Data(), message: nil))
    #expect(DataFailure(notFound) == .originUnusable("\(notFound)"))
    let refused = HTTPError.connectionRefused(host: "127.0.0.1", port: 9)
    #expect(DataFailure(refused) == .originUnreachable("\(refused)"))
    let gone = HTTPError.status(code: 404, body: Data(), message: nil)
    #expect(DataFailure(gone) == .originUnreachable("\(gone)"))
  }

  @Test func aChangeThatWaitsSaysWhyAndUntilWhen() {
    let until = Date(timeIntervalSince1970: 1_800_000_000)
    let held = ChangeError.held(until: until, reason: "rate limited")
    #expect(DataFailure(held) == .changeHeld(until: until, reason: held.description))
    #expect(DataFailure(ChangeError.otherToken) == .changeWaits(ChangeError.otherToken.description))
  }

  @Test func anythingElseIsDescribedAndAClassifiedFailureStaysAsItIs() {
    #expect(DataFailure(CancellationError()) == .other("\(CancellationError())"))
    #expect(
      DataFailure(StoreError.clearedWhileLoading(key: "k")) == .other("k was cleared while its next page was loading."))
    #expect(DataFailure(DataFailure.originUnreachable("away")) == .originUnreachable("away"))
  }
}
