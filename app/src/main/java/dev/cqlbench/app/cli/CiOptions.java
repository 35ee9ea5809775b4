package dev.cqlbench.app.cli;

import dev.cqlbench.app.ExitCode;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Gate;
import dev.cqlbench.run.BadSetting;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * What a CI job asks of a command that reports: the summary's format, and a gate on slowdowns ({@link Gate}) that
 * sets the exit code. Shared by {@code run}, {@code report} and {@code compare}.
 */
public final class CiOptions {

    /** How a report is printed. */
    public enum Format { text, markdown }

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "How the verdicts and key table are printed: text (the terminal's) or markdown (a summary "
                    + "for a CI system: GitHub-flavoured tables, e.g. appended to $GITHUB_STEP_SUMMARY; default: "
                    + "${DEFAULT-VALUE}).")
    Format format = Format.text;

    @Option(names = "--fail-if-slower", paramLabel = "P", converter = Percent.class,
            description = "Exit " + ExitCode.SLOWER + " when a time ratio is decided slower by more than P: its whole "
                    + "interval, at the level the report prints it, above 1 + P (a variant over the reference, or "
                    + "for compare a ratio's new value over its base value). P as 5%% or 0.05. A ratio whose interval "
                    + "holds 1 + P is not decided.")
    Double failIfSlower;

    // --fail-if-undecided: its name before the reports said "not decided" for every question they cannot settle
    @Option(names = {"--fail-if-not-decided", "--fail-if-undecided"},
            description = "With --fail-if-slower: exit " + ExitCode.UNDECIDED + " also when a ratio cannot be told "
                    + "within P or slower by more (its interval holds 1 + P), or none can be judged.")
    boolean failIfUndecided;

    /** Refuses contradictory options before anything starts. */
    void check() {
        if (failIfUndecided && failIfSlower == null) {
            throw new BadSetting("--fail-if-not-decided needs --fail-if-slower P: not decided against which slowdown?");
        }
    }

    boolean gated() {
        return failIfSlower != null;
    }

    /**
     * The report as asked ({@code text}: as the terminal shows it; {@code markdown}: {@code markdownText}, made only
     * then), and the
     * gate's verdict after it, when a gate is asked, over {@code items}.
     */
    String render(Doc text, Supplier<String> markdownText, List<Gate.Item> items) {
        if (!gated()) {
            return format == Format.markdown ? markdownText.get() : text.toString();
        }
        Gate gate = gate();
        List<Gate.Judged> judged = gate.judge(items);
        if (format == Format.text) {
            return text.then(gate.section(judged, failIfUndecided)).toString();
        }
        return markdownText.get() + gate.markdown(judged, failIfUndecided);
    }

    /** The exit code the gate gives {@code items}: 0 when no gate is asked or it passes. */
    int exitCode(List<Gate.Item> items) {
        if (!gated()) {
            return ExitCode.OK;
        }
        List<Gate.Judged> judged = gate().judge(items);
        if (judged.stream().anyMatch(j -> j.outcome() == Gate.Outcome.SLOWER)) {
            return ExitCode.SLOWER;
        }
        return gate().fails(judged, failIfUndecided) ? ExitCode.UNDECIDED : ExitCode.OK;
    }

    private Gate gate() {
        return new Gate(failIfSlower);
    }

    /** "5%" or "0.05": a slowdown as a fraction. "5" alone is refused: 5 % or 500 %? */
    public static final class Percent implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            String v = value.strip();
            double fraction;
            try {
                fraction = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1).strip()) / 100
                        : Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a slowdown: write it as 5% or 0.05");
            }
            if (!v.endsWith("%") && fraction >= 1) {
                throw new TypeConversionException(String.format(Locale.ROOT, "'%s' is ambiguous: write %s%% for "
                        + "%s %%, or a fraction below 1 (0.05 for 5 %%)", value, v, v));
            }
            if (!(fraction >= 0 && fraction < 10)) {
                throw new TypeConversionException("'" + value + "': a slowdown allowed is 0 % or more, below 1000 %");
            }
            return fraction;
        }
    }
}
