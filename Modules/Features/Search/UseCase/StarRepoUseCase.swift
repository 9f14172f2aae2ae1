import Foundation
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// What starring or unstarring did: the repo, whether it is now starred, and whether GitHub has taken it yet.
public struct StarChange: Equatable, Sendable {
  /// The repo, as `owner/name`.
  public var fullName: String
  /// `true` once starred, `false` once unstarred.
  public var starred: Bool
  /// Whether the change is kept and waits for GitHub (`app sync` sends it).
  public var waitsForGitHub: Bool
  /// Why it waits, when GitHub was asked and could not take it now; `nil` when it was sent, or never asked
  /// (`--offline`).
  public var reason: SearchFailure?

  /// Creates the answer.
  public init(fullName: String, starred: Bool, waitsForGitHub: Bool = false, reason: SearchFailure? = nil) {
    self.fullName = fullName
    self.starred = starred
    self.waitsForGitHub = waitsForGitHub
    self.reason = reason
  }
}

/// Stars or unstars a repo for the user the token belongs to, as a change through the single source of truth.
///
/// The change is written to the store of starred repos (kept per token) and recorded as waiting for GitHub in
/// one transaction; every open view of the repo sees it at once. The store then sends it to GitHub, unless the
/// caller asked not to reach the network, and the use case waits for it to settle: a send that fails for a passing
/// reason leaves it waiting for `app sync`; a refusal for good undoes it and is thrown.
public struct StarRepoUseCase: Sendable {
  private let starred: Store<RepoFullName, Bool>
  private let hasToken: Bool
  private let webHost: String
  private let clock: any AppClock

  /// Creates the use case; `webHost` is the host a repo's address must be on (github.com for api.github.com).
  init(starred: Store<RepoFullName, Bool>, hasToken: Bool, webHost: String, clock: any AppClock) {
    self.starred = starred
    self.hasToken = hasToken
    self.webHost = webHost
    self.clock = clock
  }

  /// Whether ``current(fullName:policy:)`` reads anything: there is a token.
  var readsStars: Bool { hasToken }

  /// Whether the token's user starred `fullName`, read through the store of stars as `policy` says (a change
  /// waiting for GitHub included); `nil` without a token, for a malformed name, or when neither GitHub nor the
  /// cache can say.
  public func current(fullName: String, policy: CachePolicy) async -> ViewerStar? {
    guard hasToken, let name = try? repoName(fullName) else { return nil }
    var last: LoadingState<Bool>?
    for await state in starred.stream(name, policy: policy) { last = state }
    return last?.response.map { ViewerStar(starred: $0.value, waitsForGitHub: $0.waitsForOrigin) }
  }

  /// Stars (`starred: true`) or unstars `fullName` (`owner/name` or the repo's web address); answers the repo as
  /// `owner/name` and its new state, with provenance `.network` when GitHub took it now and `.cache` while it
  /// waits. With `offline`, nothing is sent: the change waits.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)``, ``SearchFailure/authenticationRequired`` without a
  ///   token (nothing is kept), ``SearchFailure/storage(description:)`` when the change cannot be recorded, or
  ///   GitHub's refusal (the change is undone).
  @discardableResult
  public func execute(
    fullName: String, starred value: Bool, offline: Bool = false
  ) async throws(SearchFailure) -> Outcome<StarChange, SearchFailure> {
    let name = try repoName(fullName)
    guard hasToken else { throw .authenticationRequired }
    let written: StoreResponse<Bool>
    do {
      written = try await starred.write(value, for: name)
    } catch {
      // Nothing was written: the change was not made.
      throw .changeNotKept(description: SearchFailure(error).storageDescription ?? "\(error)")
    }
    let now = clock.now()
    func answer(_ change: StarChange) -> Outcome<StarChange, SearchFailure> {
      Outcome(
        change, provenance: .written(to: change.waitsForGitHub ? .cache : .network, at: now), answeredAt: now)
    }
    let change = StarChange(fullName: name.description, starred: value)
    guard written.waitsForOrigin else { return answer(change) }
    guard !offline else { return answer(StarChange(fullName: name.description, starred: value, waitsForGitHub: true)) }
    let report: ChangeReport?
    do {
      report = try await starred.send(name)
    } catch {
      // The change is kept (the write above went through); only its sending could not be noted, so it may have
      // reached GitHub or not: it waits, and sending it again is harmless.
      return answer(
        StarChange(
          fullName: name.description, starred: value, waitsForGitHub: true, reason: SearchFailure(error)))
    }
    switch report?.result {
    case .sent?, nil:
      return answer(change)
    case .settledElsewhere?:
      // Another run of the app sent it (or a newer intent made there), or met GitHub's refusal and undid it,
      // which leaves nothing cached: the store says which.
      guard await current(fullName: fullName, policy: .offline) != nil else {
        throw .changeUndoneElsewhere(repo: name.description, starred: value)
      }
      return answer(change)
    case .refused(let error)?:
      throw SearchFailure(error, repo: name.description)
    case .waits(let error)?:
      return answer(
        StarChange(
          fullName: name.description, starred: value, waitsForGitHub: true,
          reason: SearchFailure(error, repo: name.description)))
    }
  }
}

extension StarRepoUseCase {
  /// The repo `text` names, as `owner/name` or its web address on this GitHub's host.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)``, or ``SearchFailure/otherHost(text:host:webHost:)`` for the
  ///   address of a repo on another host (nothing is read or changed there).
  func repoName(_ text: String) throws(SearchFailure) -> RepoFullName {
    guard let name = RepoFullName(argument: text) else { throw .invalidRepoName(text) }
    if let host = RepoFullName.host(of: text), host != webHost {
      throw .otherHost(text: text, host: host, webHost: webHost)
    }
    return name
  }
}

extension SearchFailure {
  /// What a database failure says, when this is one.
  var storageDescription: String? {
    if case .storage(let description) = self { description } else { nil }
  }
}
