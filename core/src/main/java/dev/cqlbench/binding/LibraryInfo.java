package dev.cqlbench.binding;

/** Which library a binding drives, as recorded in results: {@code driver4}, "Apache Cassandra Java driver", "4.19.3". */
public record LibraryInfo(String library, String description, String version) {}
