package dev.cqlbench.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code run} command line as options by name, in order, each with its value (none for a flag): what the demo runs
 * for each part and what a report tells a user to run next are built and changed by option, not by editing a list of
 * words. A value is the word after its option when that word is not an option itself, or what follows {@code =}
 * (cqlbench's run options take at most one word; a repeated option keeps its last value, as the command line does).
 *
 * @param scenario the scenario run ({@code run <scenario>})
 * @param options  option name (with its dashes) → value, or null for a flag; in the order given
 */
public record RunLine(String scenario, Map<String, String> options) {

    public RunLine {
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** The line of {@code run scenario} followed by {@code words} (options and their values). */
    public static RunLine of(String scenario, List<String> words) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (!word.startsWith("-")) {
                throw new IllegalArgumentException("'" + word + "' is no option (run " + scenario + " "
                        + String.join(" ", words) + ")");
            }
            int equals = word.indexOf('=');
            String option = equals < 0 ? word : word.substring(0, equals);
            boolean valued = equals < 0 && i + 1 < words.size() && !words.get(i + 1).startsWith("--");
            options.remove(option);
            options.put(option, equals >= 0 ? word.substring(equals + 1) : valued ? words.get(++i) : null);
        }
        return new RunLine(scenario, options);
    }

    /** The option's value; empty when the line does not give it (or gives it as a flag). */
    public Optional<String> value(String option) {
        return Optional.ofNullable(options.get(option));
    }

    public boolean has(String option) {
        return options.containsKey(option);
    }

    /** The same line with {@code option} set to {@code value} (in its place if given, else last). */
    public RunLine with(String option, String value) {
        Map<String, String> out = new LinkedHashMap<>(options);
        out.put(option, value);
        return new RunLine(scenario, out);
    }

    /** The same line with the flag {@code option}. */
    public RunLine withFlag(String option) {
        return with(option, null);
    }

    /** The same line without these options (and their values). */
    public RunLine without(String... left) {
        Map<String, String> out = new LinkedHashMap<>(options);
        for (String option : left) {
            out.remove(option);
        }
        return new RunLine(scenario, out);
    }

    /** The words after {@code run}: the scenario, then every option and its value. */
    public List<String> args() {
        List<String> out = new ArrayList<>(List.of("run", scenario));
        options.forEach((option, value) -> {
            out.add(option);
            if (value != null) {
                out.add(value);
            }
        });
        return out;
    }

    /** {@code ./cqlbench run scenario …}, as a user types it. */
    @Override
    public String toString() {
        return "./cqlbench " + String.join(" ", args());
    }
}
