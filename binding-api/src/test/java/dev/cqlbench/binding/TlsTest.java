package dev.cqlbench.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TlsTest {

    @Test
    void noFactoryIsNoTls() {
        assertThat(Tls.of(Map.of("basic.request.timeout", "5 seconds"))).isEmpty();
        assertThat(Tls.asked(Map.of())).isFalse();
    }

    @Test
    void driver4sKeysAreRead() {
        Tls tls = Tls.of(Map.of(Tls.FACTORY, "DefaultSslEngineFactory", Tls.TRUSTSTORE, "/t.p12",
                Tls.TRUSTSTORE_PASSWORD, "secret", Tls.HOSTNAME_VALIDATION, "false")).orElseThrow();
        assertThat(tls.truststore()).isEqualTo(Path.of("/t.p12"));
        assertThat(tls.truststorePassword()).isEqualTo("secret");
        assertThat(tls.keystore()).isNull();
        assertThat(tls.hostnameValidation()).isFalse();
        assertThat(tls.toString()).doesNotContain("secret");
        // checked unless said otherwise, as driver 4 does
        assertThat(Tls.of(Map.of(Tls.FACTORY, "x", Tls.TRUSTSTORE, "/t.p12")).orElseThrow().hostnameValidation())
                .isTrue();
    }

    @Test
    void aFactoryWithoutATruststoreIsAMistake() {
        assertThatThrownBy(() -> Tls.of(Map.of(Tls.FACTORY, "DefaultSslEngineFactory")))
                .hasMessageContaining(Tls.TRUSTSTORE);
    }

    @Test
    void anUnreadableTruststoreSaysWhichSettingsFailed() {
        Tls tls = new Tls(Path.of("/nonexistent/trust.p12"), "p", null, null, true);
        assertThatThrownBy(tls::sslContext).hasMessageContaining("/nonexistent/trust.p12")
                .hasMessageNotContaining("password=p");
    }
}
