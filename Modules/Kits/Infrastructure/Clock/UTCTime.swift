/// A time in UTC as calendar parts, in the Gregorian calendar from 1583 to 9999, counted without Foundation's
/// `Calendar`: making a calendar with a time zone loads the zone's rules, which costs more than the rest of a short
/// command's date work. Before 1583 Foundation's Gregorian calendar counts Julian days, so those years are left to
/// it (every function here answers `nil` for them).
public struct UTCTime: Equatable, Sendable {
  /// The year, 1583 to 9999.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month, from 1.
  public var day: Int
  /// The hour, 0 to 23.
  public var hour: Int
  /// The minute, 0 to 59.
  public var minute: Int
  /// The second, 0 to 59.
  public var second: Int

  /// The first year counted here: the first whole year of the Gregorian calendar (it began on 1582-10-15).
  public static let firstYear = 1583

  /// The parts, when they name a real time in the years counted here.
  public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    guard (Self.firstYear...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= Self.days(inMonth: month, of: year), (0..<24).contains(hour), (0..<60).contains(minute),
      (0..<60).contains(second)
    else { return nil }
    (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
  }

  /// The parts of the whole second `secondsSince1970` (as `Date.timeIntervalSince1970`) falls in.
  public init?(secondsSince1970: Double) {
    let floored = secondsSince1970.rounded(.down)
    guard floored >= Self.firstSecond, floored < Self.endSecond else { return nil }
    let whole = Int(floored)
    let days = (whole - Self.firstSecondWhole) / 86_400 + Self.firstDay
    let secondOfDay = (whole - Self.firstSecondWhole) % 86_400
    // From the days since 1970 back to a date: years counted from March, in 400-year eras of 146,097 days.
    let shifted = days + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    self.init(
      year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
      day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1,
      hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60, second: secondOfDay % 60)
  }

  /// The seconds from 1970-01-01T00:00:00Z to this time.
  public var secondsSince1970: Int {
    Self.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// The days `month` of `year` has.
  public static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The days from 1970-01-01 to `year`-`month`-`day` (the year from 1 on): years counted from March, so that a leap
  /// day ends its year, in 400-year eras of 146,097 days.
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let marchYear = month <= 2 ? year - 1 : year
    let era = marchYear / 400
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
  }

  /// The first day counted, 1583-01-01, in days since 1970, and its first second.
  private static let firstDay = daysSince1970(year: firstYear, month: 1, day: 1)
  private static let firstSecondWhole = firstDay * 86_400
  private static let firstSecond = Double(firstSecondWhole)
  /// The first second after the years counted (10000-01-01).
  private static let endSecond = Double(daysSince1970(year: 10_000, month: 1, day: 1) * 86_400)
}
