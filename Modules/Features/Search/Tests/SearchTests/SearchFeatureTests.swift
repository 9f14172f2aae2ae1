import TestScheduling
import Testing

/// Every Search suite, one test at a time.
///
/// Each test starts a server, opens a database and runs the app's whole graph; dozens of them at once saturate a
/// 2-core machine and starve timing-sensitive tests of other modules that run alongside. Run one after another,
/// they take a few seconds in all and leave the machine to the rest of the suite.
@Suite(.serialized, .untimed) struct SearchFeatureTests {}
