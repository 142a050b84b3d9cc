"""The office's signing certificate (PKCS#12, sealed in system_settings) and PAdES seals made with pyHanko.

On first use a self-signed certificate in the office's name is generated and stored sealed (AES-GCM, like the
other secrets of system_settings); an administrator may replace it with the office's own PKCS#12. The key never
leaves the function: the browser sees only the subject, the fingerprint and the validity.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass
from io import BytesIO

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID

from edgekit.sealed_settings import SettingsCipher

SETTING_KEY = "office_signing_certificate"
BAD_P12 = "Certificado inválido: envie um arquivo PKCS#12 (.p12/.pfx) com a chave privada e a senha correta"


@dataclass(frozen=True)
class OfficeCertificate:
    p12: bytes
    password: bytes
    source: str  # 'generated' | 'uploaded'

    def info(self) -> dict:
        _key, cert, _chain = pkcs12.load_key_and_certificates(self.p12, self.password)
        assert cert is not None
        return {
            "subject": cert.subject.rfc4514_string(),
            "issuer": cert.issuer.rfc4514_string(),
            "fingerprintSha256": cert.fingerprint(hashes.SHA256()).hex(),
            "notBefore": cert.not_valid_before_utc.isoformat(),
            "notAfter": cert.not_valid_after_utc.isoformat(),
            "source": self.source,
        }

    def certificate_der(self) -> bytes:
        _key, cert, _chain = pkcs12.load_key_and_certificates(self.p12, self.password)
        assert cert is not None
        return cert.public_bytes(serialization.Encoding.DER)


def generate(office_name: str) -> OfficeCertificate:
    """A self-signed RSA-3072 certificate in the office's name, valid for ten years, for document signatures."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
    name = x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, (office_name or "Escritório")[:64]),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, (office_name or "Escritório")[:64]),
    ])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                     crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    password = secrets.token_urlsafe(24).encode()
    p12 = pkcs12.serialize_key_and_certificates(b"office", key, cert, None,
                                                serialization.BestAvailableEncryption(password))
    return OfficeCertificate(p12=p12, password=password, source="generated")


def from_upload(p12_base64: str, password: str) -> OfficeCertificate:
    """The office's own PKCS#12, checked: it must hold a key and a certificate that is valid now."""
    try:
        data = base64.b64decode(p12_base64, validate=True)
        key, cert, _chain = pkcs12.load_key_and_certificates(data, password.encode() if password else None)
    except Exception as exc:  # noqa: BLE001 - any unreadable archive gets the same answer
        raise ValueError(BAD_P12) from exc
    if key is None or cert is None:
        raise ValueError(BAD_P12)
    now = dt.datetime.now(dt.UTC)
    if not cert.not_valid_before_utc <= now <= cert.not_valid_after_utc:
        raise ValueError("Certificado fora da validade")
    return OfficeCertificate(p12=data, password=password.encode(), source="uploaded")


def seal_value(cert: OfficeCertificate, cipher: SettingsCipher) -> dict:
    return {
        "p12": cipher.encrypt(base64.b64encode(cert.p12).decode(), f"{SETTING_KEY}.p12"),
        "password": cipher.encrypt(cert.password.decode(), f"{SETTING_KEY}.password"),
        "source": cert.source,
    }


def open_value(value: dict, cipher: SettingsCipher) -> OfficeCertificate:
    return OfficeCertificate(
        p12=base64.b64decode(cipher.decrypt(value["p12"], f"{SETTING_KEY}.p12")),
        password=cipher.decrypt(value["password"], f"{SETTING_KEY}.password").encode(),
        source=str(value.get("source") or "generated"),
    )


async def seal_pdf(pdf: bytes, cert: OfficeCertificate, field_name: str, reason: str, location: str) -> bytes:
    """A PAdES (ETSI.CAdES.detached) approval signature over the whole PDF, as an incremental update."""
    # pyHanko is imported at the first seal, not with the function: it is a quarter of a second of every start
    # of the stack, and most starts never seal.
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    signer = signers.SimpleSigner.load_pkcs12_data(cert.p12, [], passphrase=cert.password)
    meta = signers.PdfSignatureMetadata(
        field_name=field_name,
        subfilter=fields.SigSeedSubFilter.PADES,
        md_algorithm="sha256",
        reason=reason,
        location=location or None,
        name=None,
    )
    writer = IncrementalPdfFileWriter(BytesIO(pdf), strict=False)
    output = await signers.async_sign_pdf(writer, meta, signer=signer, existing_fields_only=False)
    return output.getvalue()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
