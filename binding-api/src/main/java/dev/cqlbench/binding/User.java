package dev.cqlbench.binding;

import java.util.UUID;

/** The row of study 01: {@code example.user (id uuid primary key, first_name, last_name, city)}. */
public record User(UUID id, String firstName, String lastName, String city) {}
