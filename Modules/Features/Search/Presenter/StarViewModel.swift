import DI
import Foundation
import Presenter
import Repository
import SearchUseCase
import UseCase

/// A change kept because GitHub has not taken it yet: the line that says so, and why, when GitHub was asked.
public struct StarWaiting: Sendable, Equatable {
  /// `note: the star is kept and waits for GitHub (<why>); app sync sends it`.
  public var note: String
  /// Why it waits (the failure's one line, a rate limit with its time); `nil` under `--offline`.
  public var reason: String?
}

/// What `app search star` and `unstar` show once the request ends.
public enum StarViewState: Sendable, Equatable {
  /// The repo is now starred (`true`) or not (`false`); `waiting` says, when GitHub has not taken it yet, that the
  /// change is kept, why, and how it will be sent.
  case done(fullName: String, starred: Bool, waiting: StarWaiting?)
  /// The star (`starred: true`) or unstar of `fullName` is recorded, kept whatever becomes of it, and being sent
  /// to GitHub: a later state says what became of it.
  case sending(fullName: String, starred: Bool)
  /// The request failed.
  case error(UserFacingError)
  /// GitHub refused the star (`starred: true`) or unstar of `fullName` for good, once it was written and shown:
  /// the change was undone, and `failure` says why.
  case refused(fullName: String, starred: Bool, UserFacingError)

  /// What failed, if the request did: the command ends with it.
  public var failure: UserFacingError? {
    switch self {
    case .error(let failure), .refused(_, _, let failure): failure
    case .done, .sending: nil
    }
  }
}

/// The view model of starring and unstarring: runs the change and renders what it did into its view.
public struct StarViewModel: DependencyInjectable, Sendable {
  /// The star use case, the view and the time zone.
  public typealias Dependency = SearchScreenDependency<StarRepoUseCase, any StateView<StarViewState>>

  private let dependency: Dependency

  /// Creates the view model.
  public static func make(with dependency: Dependency) -> StarViewModel {
    StarViewModel(dependency: dependency)
  }

  /// Stars (`starred: true`) or unstars `fullName`, renders what was done and returns it; with `offline`, the
  /// change is kept for `app sync` and GitHub is not asked.
  @discardableResult
  public func change(starring starred: Bool, fullName: String, offline: Bool = false) async -> StarViewState {
    do {
      let written = try await dependency.useCase.record(fullName: fullName, starred: starred)
      guard written.waitsForGitHub, !offline else { return await render(done(written)) }
      await dependency.view.render(.sending(fullName: written.fullName, starred: written.starred))
      return await render(done(try await dependency.useCase.send(written).content))
    } catch {
      return await render(failed(error, starring: starred))
    }
  }

  /// Stars `fullName`, or unstars it when the store of stars says it is starred (its cache and the changes that
  /// wait: never a request, so the change is made at once whatever GitHub does; two toggles in a row undo each
  /// other), and writes it: every view of the repo shows it now. Then, unless `offline` or nothing waits for
  /// GitHub, renders it as being sent, sends it and renders what became of it; `taken` is told when GitHub took
  /// it (what waits since earlier may go now). Answers the last state rendered.
  @discardableResult
  public func change(
    toggling fullName: String, offline: Bool, taken: @Sendable () -> Void = {}
  ) async -> StarViewState {
    let written: StarChange
    do {
      written = try await dependency.useCase.recordToggle(fullName: fullName)
    } catch {
      // Without a token nothing is known of the star, so the toggle would have starred it.
      return await render(failed(error, starring: true))
    }
    guard written.waitsForGitHub, !offline else { return await render(done(written)) }
    await dependency.view.render(.sending(fullName: written.fullName, starred: written.starred))
    do throws(SearchFailure) {
      let sent = try await dependency.useCase.send(written).content
      if !sent.waitsForGitHub { taken() }
      return await render(done(sent))
    } catch {
      // Written and shown, then refused: it was undone.
      return await render(
        .refused(fullName: written.fullName, starred: written.starred, said(error, starring: written.starred)))
    }
  }

  private func render(_ state: StarViewState) async -> StarViewState {
    await dependency.view.render(state)
    return state
  }

  /// The state after `change` was written, or sent.
  private func done(_ change: StarChange) -> StarViewState {
    .done(
      fullName: change.fullName, starred: change.starred,
      waiting: change.waitsForGitHub ? Self.waiting(change, timeZone: dependency.timeZone) : nil)
  }

  /// The state after `error`, met starring (`starring`) or unstarring.
  private func failed(_ error: SearchFailure, starring: Bool) -> StarViewState {
    .error(said(error, starring: starring))
  }

  /// What the user reads of `error`, met starring (`starring: true`) or unstarring.
  private func said(_ error: SearchFailure, starring: Bool) -> UserFacingError {
    var said = error.userFacingAsChange(timeZone: dependency.timeZone)
    if error == .authenticationRequired, !starring {
      said.title = "authentication required: unstarring needs a GitHub token"
    }
    return said
  }

  /// The one line that says a change is kept, why, and that `app sync` sends it; and the why.
  static func waiting(_ change: StarChange, timeZone: TimeZone) -> StarWaiting {
    let what = change.starred ? "star" : "unstar"
    guard let reason = change.reason else {
      return StarWaiting(note: "note: the \(what) is kept and waits for GitHub (--offline); app sync sends it")
    }
    let why = reason.userFacingAsChange(timeZone: timeZone).title
    // A hold: no run sends it before GitHub's time, so `app sync` now would not help.
    if reason.holdsUntilLater {
      return StarWaiting(
        note: "note: the \(what) is kept and waits for GitHub (\(why)); app sync sends it after that time",
        reason: why)
    }
    return StarWaiting(note: "note: the \(what) is kept and waits for GitHub (\(why)); app sync sends it", reason: why)
  }
}

extension SearchFailure {
  /// Whether the change waits for a time GitHub gave (a rate limit that holds stars): `app sync` before then sends
  /// nothing.
  fileprivate var holdsUntilLater: Bool {
    switch self {
    case .changeHeld: true
    case .rateLimited(let limit): !limit.isOnAnotherResource && limit.retryAt != nil
    default: false
    }
  }
}
