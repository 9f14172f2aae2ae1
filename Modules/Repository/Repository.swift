/// The `Repository` layer.
public enum RepositoryModule {}
