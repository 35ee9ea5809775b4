package com.example.users;

import java.util.UUID;

/** The application's user, as its services hold it. */
public record User(UUID id, String firstName, String lastName, String city) {}
