// A throwaway TLS certificate for localhost, so a benchmark can serve the site over HTTP/2 as the static
// hosts do (Netlify and Cloudflare Pages answer over HTTP/2 or 3; browsers speak HTTP/2 only over TLS).
// Made with the system's openssl for this run only and deleted at once: Chromium is told to accept it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  key: Buffer;
  cert: Buffer;
}

/** A self-signed certificate for localhost, valid for a day; null when openssl is not installed. */
export function selfSignedCertificate(): Certificate | null {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
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
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
