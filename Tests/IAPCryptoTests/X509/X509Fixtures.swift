/// Keys and a certificate generated once with OpenSSL 3.0, embedded so that the decoders
/// are checked against another implementation's bytes on every run:
///
///     openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out key.pem
///     openssl pkey -in key.pem -pubout -out pub.pem
///     openssl ec -in key.pem -out sec1.pem
///     openssl req -new -x509 -key key.pem -subj "/CN=iap fixture/O=iap/C=US" -days 3650 \
///       -sha256 -set_serial 0x1234 -out cert.pem
enum X509Fixtures {
  /// PKCS#8 P-256 private key, as `openssl genpkey` writes it (the shape of a `.p8`).
  static let privateKey = """
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgN4kU99sZHVvR9t9O
    oGKNP/NMi+fxdR66S9abPbp/GgKhRANCAAQsK5y+ZDsXOWrCGHqBWBTik6gdjL06
    NUto0G0t6ORRSwmSAHaybF7yKbNeXNtwHGpZHvMrbReTP2wZxVFfC8yP
    -----END PRIVATE KEY-----
    """

  /// The same key's SubjectPublicKeyInfo.
  static let publicKey = """
    -----BEGIN PUBLIC KEY-----
    MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAELCucvmQ7Fzlqwhh6gVgU4pOoHYy9
    OjVLaNBtLejkUUsJkgB2smxe8imzXlzbcBxqWR7zK20Xkz9sGcVRXwvMjw==
    -----END PUBLIC KEY-----
    """

  /// The same key as a SEC1 `EC PRIVATE KEY` (with the curve and the public key).
  static let sec1PrivateKey = """
    -----BEGIN EC PRIVATE KEY-----
    MHcCAQEEIDeJFPfbGR1b0fbfTqBijT/zTIvn8XUeukvWmz26fxoCoAoGCCqGSM49
    AwEHoUQDQgAELCucvmQ7Fzlqwhh6gVgU4pOoHYy9OjVLaNBtLejkUUsJkgB2smxe
    8imzXlzbcBxqWR7zK20Xkz9sGcVRXwvMjw==
    -----END EC PRIVATE KEY-----
    """

  /// A self-signed certificate for the key: v3, serial 0x1234, SKI, AKI, basicConstraints CA.
  static let certificate = """
    -----BEGIN CERTIFICATE-----
    MIIBpDCCAUugAwIBAgICEjQwCgYIKoZIzj0EAwIwMTEUMBIGA1UEAwwLaWFwIGZp
    eHR1cmUxDDAKBgNVBAoMA2lhcDELMAkGA1UEBhMCVVMwHhcNMjYxMTI0MTMzNjM5
    WhcNMzYxMTIxMTMzNjM5WjAxMRQwEgYDVQQDDAtpYXAgZml4dHVyZTEMMAoGA1UE
    CgwDaWFwMQswCQYDVQQGEwJVUzBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABCwr
    nL5kOxc5asIYeoFYFOKTqB2MvTo1S2jQbS3o5FFLCZIAdrJsXvIps15c23Acalke
    8yttF5M/bBnFUV8LzI+jUzBRMB0GA1UdDgQWBBR4Ezwq0ENv2h5au5sxmAYxUJd9
    JTAfBgNVHSMEGDAWgBR4Ezwq0ENv2h5au5sxmAYxUJd9JTAPBgNVHRMBAf8EBTAD
    AQH/MAoGCCqGSM49BAMCA0cAMEQCIDFSEIrx09OYNdJf8BPxsDEfQdSaZCdB1oYz
    DV2cLuReAiB1JDaGqsPcxYPwaevalhWOB7RWEyDn7njCxVGyXAl6BQ==
    -----END CERTIFICATE-----
    """

  /// The private scalar and the public point, as `openssl pkey -text` prints them.
  static let privateScalar = "378914f7db191d5bd1f6df4ea0628d3ff34c8be7f1751eba4bd69b3dba7f1a02"
  static let publicPoint =
    "042c2b9cbe643b17396ac2187a815814e293a81d8cbd3a354b68d06d2de8e4514b09920076b26c5ef229b35e5cdb701c6a591ef32b6d17933f6c19c5515f0bcc8f"
}
