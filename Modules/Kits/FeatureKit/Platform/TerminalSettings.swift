import Infrastructure

/// The environment variables the terminal output reads (``Terminal/standard(environment:)``), for
/// `app help settings`. None of them can be wrong: a value the output does not know is ignored.
enum TerminalSettings {
  /// Every one, in the order the page lists them.
  static let all = [
    SettingInfo(
      variables: ["NO_COLOR"], meaning: "no colour, even on a terminal", values: "any value but the empty string",
      defaultValue: "colour on a terminal"),
    SettingInfo(
      variables: ["CLICOLOR"], meaning: "no colour, even on a terminal, when it is 0", values: "0 (others are ignored)",
      defaultValue: "colour on a terminal"),
    SettingInfo(
      variables: ["TERM"], meaning: "with dumb: no colour, no redraws and no spinner",
      values: "the terminal's type, as the terminal sets it", defaultValue: "set by the terminal"),
    SettingInfo(
      variables: ["COLUMNS", "LINES"], meaning: "the window's size, when the terminal does not tell it",
      values: "a number of columns or lines", defaultValue: "the terminal's own size"),
  ]
}
