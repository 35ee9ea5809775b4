package dev.cqlbench.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** The cqlbench version, written into the jar at build time. */
public final class Versions implements CommandLine.IVersionProvider {

    public static String cqlbench() {
        Properties properties = new Properties();
        try (InputStream in = Versions.class.getResourceAsStream("/cqlbench-version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException ignored) {
            // fall through to "unknown"
        }
        return properties.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"cqlbench " + cqlbench(), "Java " + System.getProperty("java.version")};
    }
}
