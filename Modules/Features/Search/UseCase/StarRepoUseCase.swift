import DI
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
  /// The host a repo's address must be on: github.com for api.github.com, the host itself for GitHub Enterprise.
  public let webHost: String
  private let hostRefusingToken: String?
  private let clock: any AppClock

  /// Creates the use case; `webHost` is the host a repo's address must be on (github.com for api.github.com);
  /// `hostRefusingToken` is the API's host when the token is never sent there (plain `http://`, not loopback), so
  /// that no change is made that could never be sent.
  init(
    starred: Store<RepoFullName, Bool>, hasToken: Bool, webHost: String, hostRefusingToken: String? = nil,
    clock: any AppClock
  ) {
    self.starred = starred
    self.hasToken = hasToken
    self.webHost = webHost
    self.hostRefusingToken = hostRefusingToken
    self.clock = clock
  }

  /// Whether ``current(fullName:policy:)`` reads anything: there is a token.
  var readsStars: Bool { hasToken }

  /// Whether the token's user starred `fullName`, read through the store of stars as `policy` says (a change
  /// waiting for GitHub included): the star, or why neither GitHub nor the cache can say; `nil` without a token or
  /// for a malformed name.
  public func current(fullName: String, policy: CachePolicy) async -> Result<ViewerStar, SearchFailure>? {
    guard hasToken, let name = try? repoName(fullName) else { return nil }
    let last = await starred.stream(name, policy: policy)
      .reading(on: clock, failure: { SearchFailure($0, repo: name.description) }).last()
    if let answer = last?.outcome {
      return .success(ViewerStar(starred: answer.content, waitsForGitHub: answer.provenance.waitsForOrigin))
    }
    if case .failed(let failure)? = last { return .failure(failure) }
    return .failure(SearchFailure(CancellationError()))
  }

  /// Whether the token's user starred each of `fullNames`, as the store of stars holds them (its cache and the
  /// changes that wait; never a request), in one read: at once, then again after every change of any of them, made
  /// here or, once the store reloads, in another process. A repo the store holds nothing for has no star; without
  /// a token, none has.
  public func stars(among fullNames: [String]) -> AsyncStream<ViewerStars> {
    starred.observe(keys: hasToken ? fullNames.compactMap { try? repoName($0) } : []) { snapshot in
      ViewerStars(
        Dictionary(
          snapshot.map { name, answer in
            (name.canonical, ViewerStar(starred: answer.value, waitsForGitHub: answer.waitsForOrigin))
          }, uniquingKeysWith: { _, last in last }))
    }
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
    let written = try await record(fullName: fullName, starred: value)
    guard written.waitsForGitHub, !offline else { return answer(written) }
    return try await send(written)
  }

  /// The first half of ``execute(fullName:starred:offline:)``: checks the name and the token, and writes the change
  /// (every view of the repo sees it at once); answers it as written, waiting for GitHub. ``send(_:)`` sends it.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)``, ``SearchFailure/otherHost(text:host:webHost:)``,
  ///   ``SearchFailure/authenticationRequired``, ``SearchFailure/tokenNeverSent(host:)``, or
  ///   ``SearchFailure/changeNotKept(description:)``.
  public func record(fullName: String, starred value: Bool) async throws(SearchFailure) -> StarChange {
    try await write(fullName) { _ in value }
  }

  /// Stars `fullName`, or unstars it when the store of stars says it is starred (its cache and the changes that
  /// wait, read when the change runs: never a request, so two toggles in a row undo each other whatever GitHub
  /// does), and writes it as ``record(fullName:starred:)`` does.
  public func recordToggle(fullName: String) async throws(SearchFailure) -> StarChange {
    try await write(fullName) { starred in !(starred ?? false) }
  }

  /// Writes the star `decide` picks from the store's value for `fullName`, decided and written in one step of the
  /// repo's key.
  private func write(
    _ fullName: String, deciding decide: @Sendable (Bool?) -> Bool
  ) async throws(SearchFailure) -> StarChange {
    let name = try repoName(fullName)
    guard hasToken else { throw .authenticationRequired }
    // A change this setting could never send is not made: it would wait for ever.
    if let host = hostRefusingToken { throw .tokenNeverSent(host: host) }
    let written: StoreResponse<Bool>
    do {
      written = try await starred.write(for: name, deciding: decide)
    } catch {
      // Nothing was written: the change was not made.
      throw .changeNotKept(description: SearchFailure(error).storageDescription ?? "\(error)")
    }
    return StarChange(fullName: name.description, starred: written.value, waitsForGitHub: written.waitsForOrigin)
  }

  /// The second half of ``execute(fullName:starred:offline:)``: sends a change ``record(fullName:starred:)`` wrote,
  /// after any send of the repo under way, and answers what became of it. When a newer intent for the repo was made
  /// while this one was sent, the answer is that intent's, which the same send delivered after it.
  ///
  /// - Throws: GitHub's refusal (the change is undone), or
  ///   ``SearchFailure/changeUndoneElsewhere(repo:starred:)``.
  public func send(_ change: StarChange) async throws(SearchFailure) -> Outcome<StarChange, SearchFailure> {
    let name = try repoName(change.fullName)
    let report: ChangeReport?
    do {
      report = try await starred.send(name)
    } catch {
      // The change is kept (the write went through); only its sending could not be noted, so it may have reached
      // GitHub or not: it waits, and sending it again is harmless.
      return answer(
        StarChange(
          fullName: name.description, starred: change.starred, waitsForGitHub: true, reason: SearchFailure(error)))
    }
    // The intent the report is about: a newer one than `change`, when one replaced it during the send.
    let value = report.flatMap { starred.intent(of: $0.change) } ?? change.starred
    switch report?.result {
    case .sent?, nil:
      return answer(StarChange(fullName: name.description, starred: value))
    case .settledElsewhere?:
      // Another run of the app sent it (or a newer intent made there), or met GitHub's refusal and undid it,
      // which leaves nothing cached: the store says which.
      guard case .success(let now)? = await current(fullName: change.fullName, policy: .offline) else {
        throw .changeUndoneElsewhere(repo: name.description, starred: value)
      }
      return answer(StarChange(fullName: name.description, starred: now.starred, waitsForGitHub: now.waitsForGitHub))
    case .refused(let error)?:
      throw SearchFailure(error, repo: name.description)
    case .waits(let error)?:
      return answer(
        StarChange(
          fullName: name.description, starred: value, waitsForGitHub: true,
          reason: SearchFailure(error, repo: name.description)))
    }
  }

  /// `change` as an outcome: `.network` once GitHub took it, `.cache` while it waits, dated now.
  private func answer(_ change: StarChange) -> Outcome<StarChange, SearchFailure> {
    let now = clock.now()
    return Outcome(
      change, provenance: .written(to: change.waitsForGitHub ? .cache : .network, at: now), answeredAt: now)
  }
}

extension StarRepoUseCase {
  /// The name of the ``/Repository/ChangeWording`` the store of stars words its failures with, which the presenter
  /// layer registers: GitHub's, as the repository layer names it.
  public static let changeWording = Name.github

  /// The first of `urls` (a clone's git remotes) that names a repo on this GitHub's web host, as given.
  public func repo(amongRemotes urls: [String]) -> String? {
    urls.first { RepoFullName.host(of: $0) == webHost && RepoFullName(argument: $0) != nil }
  }

  /// The repo `text` names, as `owner/name` or its web address on this GitHub's host.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)``, or ``SearchFailure/otherHost(text:host:webHost:)`` for the
  ///   address of a repo on another host (nothing is read or changed there).
  func repoName(_ text: String) throws(SearchFailure) -> RepoFullName {
    guard let name = RepoFullName(argument: text) else {
      if let repo = RepoFullName.repo(startingPathOf: text) {
        throw .repoPageAddress(text: text, repo: repo.description)
      }
      throw .invalidRepoName(text)
    }
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
