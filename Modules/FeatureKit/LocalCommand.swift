/// A feature's command that reads only what the app keeps locally (its database), never the feature's origin:
/// before it runs the app checks its own settings alone, so a setting the command does not read never stops it.
///
/// The kit's own commands (`app cache`, `app di`) belong to no feature and are checked the same way.
public protocol LocalCommand: ContainerCommand {}
