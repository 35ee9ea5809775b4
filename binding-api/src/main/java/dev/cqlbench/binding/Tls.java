package dev.cqlbench.binding;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS to the cluster, as a run asks for it ({@code --truststore} or a target file's {@code tls}): the settings arrive
 * in {@link BindingConfig#options()} under driver 4's own keys ({@code advanced.ssl-engine-factory.*}), which a driver
 * 4 session applies as they are. A binding on another client reads them here and sets its client's TLS from
 * {@link #sslContext()}; one whose library cannot speak TLS declares so in its {@code binding.json} ({@code limits}:
 * {@value #LIMIT}), and a run that asks for TLS refuses it before anything starts, rather than let it connect in the
 * clear.
 *
 * @param truststore         the truststore (JKS or PKCS12) holding the CA or node certificates
 * @param truststorePassword its password; null when it has none
 * @param keystore           the client's own certificate, when the cluster requires one; null otherwise
 * @param keystorePassword   its password; null when it has none
 * @param hostnameValidation whether the node's certificate must name the address the client connects to
 */
public record Tls(Path truststore, String truststorePassword, Path keystore, String keystorePassword,
                  boolean hostnameValidation) {

    /** The option that asks for TLS: driver 4's SSL engine factory. */
    public static final String FACTORY = "advanced.ssl-engine-factory.class";
    public static final String TRUSTSTORE = "advanced.ssl-engine-factory.truststore-path";
    public static final String TRUSTSTORE_PASSWORD = "advanced.ssl-engine-factory.truststore-password";
    public static final String KEYSTORE = "advanced.ssl-engine-factory.keystore-path";
    public static final String KEYSTORE_PASSWORD = "advanced.ssl-engine-factory.keystore-password";
    public static final String HOSTNAME_VALIDATION = "advanced.ssl-engine-factory.hostname-validation";
    /** The key of a library's limit ({@link Library#limits}) that says it cannot connect over TLS, and why. */
    public static final String LIMIT = "connection:tls";

    @Override
    public String toString() {
        return "Tls[truststore=" + truststore + ", keystore=" + keystore + ", hostnameValidation=" + hostnameValidation
                + "]";
    }

    /** The TLS a binding's options ask for; empty when they ask for none. */
    public static Optional<Tls> of(Map<String, String> options) {
        if (!options.containsKey(FACTORY)) {
            return Optional.empty();
        }
        String trust = options.get(TRUSTSTORE);
        if (trust == null) {
            throw new IllegalArgumentException("TLS asked (" + FACTORY + ") without a truststore (" + TRUSTSTORE + ")");
        }
        String key = options.get(KEYSTORE);
        return Optional.of(new Tls(Path.of(trust), options.get(TRUSTSTORE_PASSWORD), key == null ? null : Path.of(key),
                options.get(KEYSTORE_PASSWORD), !"false".equalsIgnoreCase(options.get(HOSTNAME_VALIDATION))));
    }

    /** Whether a binding's options ask for TLS. */
    public static boolean asked(Map<String, String> options) {
        return options.containsKey(FACTORY);
    }

    /** A TLS 1.2+ context that trusts the truststore's certificates and presents the keystore's, if any. */
    public SSLContext sslContext() {
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(load(truststore, truststorePassword));
            KeyManagerFactory keys = null;
            if (keystore != null) {
                keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(load(keystore, keystorePassword),
                        keystorePassword == null ? new char[0] : keystorePassword.toCharArray());
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys == null ? null : keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot set up TLS from " + this + ": " + e.getMessage(), e);
        }
    }

    /** A keystore file, JKS or PKCS12 (the JDK's keystore reads either). */
    private static KeyStore load(Path file, String password) throws GeneralSecurityException, IOException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password == null ? null : password.toCharArray());
        }
        return store;
    }
}
