// A throwaway TLS certificate for localhost and 127.0.0.1, made with the system's openssl for one run and its
// files deleted at once. Used where a test or benchmark needs TLS: SMTP over TLS (the local stack's mail
// tests) and the site served over HTTP/2 (bench:events; browsers speak HTTP/2 only over TLS).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  key: Buffer;
  cert: Buffer;
}

/** A self-signed certificate valid for a day; throws when openssl is not installed. */
export function selfSignedCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'self-signed-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('openssl is not installed: it makes the throwaway TLS certificate', { cause: error });
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
