package dev.cqlbench.run;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Writes settings maps with the value of every key naming a password as {@code ***}: secrets never reach a file. */
final class SecretsMasked extends StdSerializer<Map<String, String>> {

    @SuppressWarnings({"unchecked", "rawtypes"})
    SecretsMasked() {
        super((Class) Map.class);
    }

    static Map<String, String> masked(Map<String, String> options) {
        Map<String, String> out = new LinkedHashMap<>();
        options.forEach((k, v) -> out.put(k, k.toLowerCase(Locale.ROOT).contains("password") ? "***" : v));
        return out;
    }

    @Override
    public void serialize(Map<String, String> value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        provider.defaultSerializeValue(masked(value), gen);
    }
}
