/// The `Infrastructure` layer.
public enum InfrastructureModule {}
