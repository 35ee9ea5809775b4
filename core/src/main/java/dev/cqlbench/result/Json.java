package dev.cqlbench.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The one Jackson configuration for result files and the worker protocol. */
public final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private static final ObjectMapper LINES = MAPPER.copy().disable(SerializationFeature.INDENT_OUTPUT);

    private Json() {}

    /** Pretty-printed, for files people read. */
    public static ObjectMapper pretty() {
        return MAPPER;
    }

    /** One JSON document per line, for the worker protocol. */
    public static ObjectMapper lines() {
        return LINES;
    }
}
