/// The `Presenter` layer.
public enum PresenterModule {}
