package dev.cqlbench.app.release;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What of the user's Maven settings ({@code ~/.m2/settings.xml}) a release's resolution honours: {@code offline}, and
 * the mirror that stands for Maven Central ({@code mirrorOf} {@code *}, {@code external:*} or {@code central}).
 * Proxies, servers' credentials and profiles' repositories are not read.
 *
 * @param offline whether to resolve from the local repository only
 * @param mirror  the URL that replaces Maven Central's, if one does
 */
public record MavenSettings(boolean offline, Optional<String> mirror) {

    public static final MavenSettings NONE = new MavenSettings(false, Optional.empty());

    /** The user's settings, or none when there is no {@code ~/.m2/settings.xml}. */
    public static MavenSettings user() {
        return read(Paths.get(System.getProperty("user.home"), ".m2", "settings.xml"));
    }

    static MavenSettings read(Path file) {
        if (!Files.isRegularFile(file)) {
            return NONE;
        }
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = factory.newDocumentBuilder().parse(file.toFile());
            Element root = doc.getDocumentElement();
            boolean offline = "true".equals(text(root, "offline").orElse("false"));
            Optional<String> mirror = Optional.empty();
            NodeList mirrors = root.getElementsByTagName("mirror");
            for (int i = 0; i < mirrors.getLength() && mirror.isEmpty(); i++) {
                Element m = (Element) mirrors.item(i);
                String of = text(m, "mirrorOf").orElse("");
                if (Arrays.stream(of.split(",")).map(String::strip)
                        .anyMatch(s -> s.equals("*") || s.equals("external:*") || s.equals("central"))) {
                    mirror = text(m, "url");
                }
            }
            return new MavenSettings(offline, mirror);
        } catch (IOException | SAXException | ParserConfigurationException e) {
            throw new dev.cqlbench.run.BadSetting("cannot read the Maven settings " + file + ": " + e.getMessage());
        }
    }

    private static Optional<String> text(Element parent, String tag) {
        NodeList found = parent.getElementsByTagName(tag);
        return found.getLength() == 0 ? Optional.empty() : Optional.of(found.item(0).getTextContent().strip());
    }
}
