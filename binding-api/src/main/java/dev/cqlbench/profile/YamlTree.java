package dev.cqlbench.profile;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as nested maps, lists and strings, each value with the line it is on, so that a message about a
 * profile can name the line (Jackson's tree model forgets locations; its streaming parser knows them).
 */
final class YamlTree {

    /**
     * One value: a {@code String}, a {@code List<Node>}, a {@code Map<String, Node>} (in the file's order), or null.
     *
     * @param line the line of its key (of the value itself in a list), 1-based
     */
    record Node(Object value, int line) {

        @SuppressWarnings("unchecked")
        Map<String, Node> map() {
            return value instanceof Map<?, ?> m ? (Map<String, Node>) m : null;
        }

        @SuppressWarnings("unchecked")
        List<Node> list() {
            return value instanceof List<?> l ? (List<Node>) l : null;
        }

        /** The scalar as text; null for a map, a list or nothing. */
        String text() {
            return value instanceof String s ? s : null;
        }
    }

    private YamlTree() {}

    /** The document in {@code text}; a syntax error is one line naming {@code file} and the line. */
    static Node read(String file, String text) {
        try (JsonParser parser = new YAMLFactory().createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new BadProfile(file, 1, "the file is empty");
            }
            return value(file, parser, line(parser.currentTokenLocation()));
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String message = e.getOriginalMessage().lines().findFirst().orElse("").strip();
            if (e.getCause() instanceof org.yaml.snakeyaml.error.MarkedYAMLException marked
                    && marked.getProblem() != null) {
                // the parser's own words: what it found, and what it was reading
                message = marked.getProblem().strip() + (marked.getContext() == null ? ""
                        : " (" + marked.getContext().strip() + ")");
            }
            throw new BadProfile(file, at == null ? 0 : line(at), "not valid YAML: " + message);
        } catch (IOException e) {
            throw new BadProfile(file, 0, "cannot read: " + e.getMessage());
        }
    }

    private static Node value(String file, JsonParser parser, int line) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT -> {
                Map<String, Node> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    int keyLine = line(parser.currentTokenLocation());
                    parser.nextToken();
                    if (map.put(key, value(file, parser, keyLine)) != null) {
                        throw new BadProfile(file, keyLine, "'" + key + "' is given twice");
                    }
                }
                return new Node(map, line);
            }
            case START_ARRAY -> {
                List<Node> list = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    list.add(value(file, parser, line(parser.currentTokenLocation())));
                }
                return new Node(list, line);
            }
            case VALUE_NULL -> {
                return new Node(null, line);
            }
            default -> {
                return new Node(parser.getText(), line);
            }
        }
    }

    private static int line(JsonLocation location) {
        return Math.max(1, location.getLineNr());
    }
}
