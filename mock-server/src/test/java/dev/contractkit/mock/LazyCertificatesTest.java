package dev.contractkit.mock;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.mockserver.configuration.Configuration;
import org.mockserver.logging.MockServerLogger;
import org.mockserver.socket.tls.KeyAndCertificateFactory;
import org.mockserver.socket.tls.KeyAndCertificateFactoryFactory;
import org.mockserver.socket.tls.KeyAndCertificateFactorySupplier;

import static org.assertj.core.api.Assertions.assertThat;

class LazyCertificatesTest {
    @AfterEach
    void noSupplier() {
        KeyAndCertificateFactoryFactory.setCustomKeyAndCertificateFactorySupplier(null);
    }

    @Test
    void mockServersFactoryIsMadeAtItsFirstUseAndGivesMockServersCertificates() {
        KeyAndCertificateFactoryFactory.setCustomKeyAndCertificateFactorySupplier(null);
        LazyCertificates.install();

        KeyAndCertificateFactory keys = KeyAndCertificateFactoryFactory.createKeyAndCertificateFactory(
                Configuration.configuration(), new MockServerLogger(), true);

        assertThat(keys).isInstanceOf(LazyCertificates.class);
        keys.buildAndSavePrivateKeyAndX509Certificate();
        assertThat(keys.privateKey()).isNotNull();
        assertThat(keys.x509Certificate().getSubjectX500Principal().getName()).contains("MockServer");
        assertThat(keys.certificateChain()).contains(keys.x509Certificate());
    }

    @Test
    void aSupplierSetBeforeIsKept() {
        KeyAndCertificateFactorySupplier theirs = (logger, forServer, configuration) -> null;
        KeyAndCertificateFactoryFactory.setCustomKeyAndCertificateFactorySupplier(theirs);

        LazyCertificates.install();

        assertThat(KeyAndCertificateFactoryFactory.getCustomKeyAndCertificateFactorySupplier()).isSameAs(theirs);
    }
}
