package dev.cqlbench.scenario;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.jsontype.NamedType;

/**
 * The one Jackson configuration, for result files and the worker protocol: it knows every registered scenario's plan
 * type, by the scenario's name.
 */
public final class Json {

    private static final class Mappers {
        static final ObjectMapper PRETTY = configured().enable(SerializationFeature.INDENT_OUTPUT);
        static final ObjectMapper LINES = configured();

        private static ObjectMapper configured() {
            ObjectMapper mapper = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
            // a plan type two scenarios share (scale-out runs mixes' plan) is named after the first
            java.util.Set<Class<?>> named = new java.util.HashSet<>();
            Scenarios.all().stream().filter(s -> named.add(s.planType()))
                    .forEach(s -> mapper.registerSubtypes(new NamedType(s.planType(), s.name())));
            return mapper;
        }
    }

    private Json() {}

    /** Pretty-printed, for files people read. */
    public static ObjectMapper pretty() {
        return Mappers.PRETTY;
    }

    /** The name a plan type goes by in JSON: the first registered scenario's whose plan it is. */
    public static String nameOf(Class<?> planType) {
        return Scenarios.all().stream().filter(s -> s.planType() == planType).map(Scenario::name).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no scenario registers " + planType));
    }

    /** One JSON document per line, for the worker protocol. */
    public static ObjectMapper lines() {
        return Mappers.LINES;
    }
}
