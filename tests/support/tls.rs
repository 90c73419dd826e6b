//! TLS for the fake Discord: a test certificate authority made at start, and a certificate
//! for `discord.com` signed by it. The bot talks HTTPS to `https://discord.com` exactly as in
//! production (serenity's own URLs and its ratelimiter), through an HTTP proxy (`CONNECT`)
//! that is the fake itself, trusting this authority as an extra root.

#![allow(dead_code)]

use std::sync::Arc;

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::TlsAcceptor;

/// The authority's certificate (PEM, for the client's roots) and an acceptor serving a
/// `discord.com` certificate it signed.
pub struct Tls {
    /// The test authority's certificate, PEM.
    pub root_pem: String,
    /// Accepts TLS connections as `discord.com`.
    pub acceptor: TlsAcceptor,
}

/// Makes a fresh authority and server certificate (a few milliseconds).
pub fn make() -> Tls {
    let ca_key = KeyPair::generate().expect("CA key");
    let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA params");
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "Croupier test authority");
    let ca = rcgen::CertifiedIssuer::self_signed(ca, ca_key).expect("CA certificate");

    let leaf_key = KeyPair::generate().expect("server key");
    let mut leaf = CertificateParams::new(vec!["discord.com".to_string()]).expect("params");
    leaf.distinguished_name
        .push(DnType::CommonName, "discord.com");
    let leaf_cert = leaf.signed_by(&leaf_key, &ca).expect("server cert");

    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(
            vec![CertificateDer::from(leaf_cert.der().to_vec())],
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(leaf_key.serialize_der())),
        )
        .expect("server config");
    Tls {
        root_pem: ca.pem(),
        acceptor: TlsAcceptor::from(Arc::new(config)),
    }
}
