/// The `UseCase` layer.
public enum UseCaseModule {}
