public enum DIModule {}
