/**
 * A throwaway certificate authority for the test clusters (the API server's own, the LWS
 * controller's webhooks): P-256 keys and certificates made with openssl in a directory the test
 * owns, valid for a few days. `extensions` is openssl config text with the sections leaves name
 * (`[v3_server]`, …); the CA takes `[v3_ca]` from it when present.
 */
import { execFileSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
const DAYS = '7';
const CONFIG = 'openssl.cnf';

export interface TestCa {
  /** The CA's certificate, PEM. */
  readonly caCert: string;
  /** Writes `<name>.key` and `<name>.crt` (relative to the CA's directory), signed with `extension`'s section. */
  issue(name: string, subject: string, extension: string): void;
}

export function makeTestCa(dir: string, commonName: string, extensions: string): TestCa {
  fs.writeFileSync(path.join(dir, CONFIG), `[req]\ndistinguished_name = dn\nprompt = no\n[dn]\n${extensions}`);
  const openssl = (...args: string[]) => {
    try {
      execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { stderr?: Buffer; message: string };
      throw new Error(`openssl ${args[0]} failed (is openssl installed?): ${e.stderr?.toString() ?? e.message}`, {
        cause: err,
      });
    }
  };
  // Random serials: a client that met an earlier run's CA must not take a new leaf for an old one.
  const serial = () => '0x' + (crypto.randomBytes(8).readBigUInt64BE() >> 1n).toString(16);
  const caExtensions = /^\[v3_ca\]/m.test(extensions) ? ['-extensions', 'v3_ca'] : [];
  openssl(
    'req',
    '-x509',
    ...EC_KEY,
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    DAYS,
    '-sha256',
    '-subj',
    `/CN=${commonName}`,
    '-config',
    CONFIG,
    ...caExtensions,
    '-set_serial',
    serial(),
  );
  return {
    caCert: fs.readFileSync(path.join(dir, 'ca.crt'), 'utf8'),
    issue(name, subject, extension) {
      openssl(
        'req',
        '-new',
        ...EC_KEY,
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        subject,
        '-config',
        CONFIG,
      );
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-set_serial',
        serial(),
        '-days',
        DAYS,
        '-sha256',
        '-extfile',
        CONFIG,
        '-extensions',
        extension,
        '-out',
        `${name}.crt`,
      );
    },
  };
}
