import ArgumentParser
import DI
import FeatureKit
import Foundation

/// The build step behind `app`: validates the app's dependency graph, or fails the build at the registration to
/// fix.
///
/// It assembles the app's real assemblies (every registered feature's) in a fixed environment and validates the
/// whole graph. Every problem is printed to standard error in the compiler's format, `<file>:<line>: error:
/// <message>`, at the registration that needs fixing, and the tool exits 1. A sound graph writes the output file
/// (only when its text changes), a source the app compiles, so the app's build waits for the check.
@main
struct GraphCheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Validate the app's dependency graph in a fixed environment, as a build step.",
    discussion: "Exits 1 with one `file:line: error:` line per problem; `app di check` explains each in full.")

  @Argument(help: "The Swift file to write when the graph is sound.")
  var output: String

  func run() throws {
    let report: ValidationReport
    do {
      report = try Application.validateGraph(features: registeredFeatures())
    } catch {
      FileHandle.standardError.write(Data("error: the app's assemblies do not fit together: \(error)\n".utf8))
      throw ExitCode.failure
    }
    guard report.isValid else {
      FileHandle.standardError.write(Data((report.compilerDiagnostics().joined(separator: "\n") + "\n").utf8))
      throw ExitCode.failure
    }
    let text = """
      // Generated at build time by GraphCheckPlugin: the app's dependency graph was validated.
      // \(report.description)

      """
    let url = URL(fileURLWithPath: output)
    guard (try? String(contentsOf: url, encoding: .utf8)) != text else { return }
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      throw ValidationError("cannot write \(output): \(error)")
    }
  }
}
