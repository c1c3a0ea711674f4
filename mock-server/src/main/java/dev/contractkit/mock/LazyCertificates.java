package dev.contractkit.mock;

import org.mockserver.configuration.Configuration;
import org.mockserver.logging.MockServerLogger;
import org.mockserver.socket.tls.KeyAndCertificateFactory;
import org.mockserver.socket.tls.KeyAndCertificateFactoryFactory;
import org.mockserver.socket.tls.bouncycastle.BCKeyAndCertificateFactory;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * MockServer's own key and certificate factory ({@link BCKeyAndCertificateFactory}), made at its first use (a TLS
 * connection) instead of with each listener: making it registers the BouncyCastle provider (about 250 classes, a
 * tenth of a one-API mock's start-up). Installed only when no other supplier is set, so a user's wins.
 */
final class LazyCertificates implements KeyAndCertificateFactory {
    private final Configuration configuration;
    private final MockServerLogger logger;
    private volatile KeyAndCertificateFactory delegate;

    private LazyCertificates(Configuration configuration, MockServerLogger logger) {
        this.configuration = configuration;
        this.logger = logger;
    }

    static synchronized void install() {
        if (KeyAndCertificateFactoryFactory.getCustomKeyAndCertificateFactorySupplier() == null) {
            KeyAndCertificateFactoryFactory.setCustomKeyAndCertificateFactorySupplier(
                    (logger, forServer, configuration) -> new LazyCertificates(configuration, logger));
        }
    }

    private KeyAndCertificateFactory delegate() {
        KeyAndCertificateFactory d = delegate;
        if (d == null) {
            synchronized (this) {
                d = delegate;
                if (d == null) {
                    d = new BCKeyAndCertificateFactory(configuration, logger); // what MockServer makes without a supplier
                    delegate = d;
                }
            }
        }
        return d;
    }

    @Override
    public void buildAndSaveCertificateAuthorityPrivateKeyAndX509Certificate() {
        delegate().buildAndSaveCertificateAuthorityPrivateKeyAndX509Certificate();
    }

    @Override
    public void buildAndSavePrivateKeyAndX509Certificate() {
        delegate().buildAndSavePrivateKeyAndX509Certificate();
    }

    @Override
    public boolean certificateNotYetCreated() {
        return delegate().certificateNotYetCreated();
    }

    @Override
    public PrivateKey privateKey() {
        return delegate().privateKey();
    }

    @Override
    public X509Certificate x509Certificate() {
        return delegate().x509Certificate();
    }

    @Override
    public X509Certificate certificateAuthorityX509Certificate() {
        return delegate().certificateAuthorityX509Certificate();
    }

    @Override
    public List<X509Certificate> certificateChain() {
        return delegate().certificateChain();
    }
}
